/**
 * Runs `tasks` with at most `limit` in flight: sharp works on the libuv pool and more would only queue there;
 * an image store takes so many requests at once from one command without it being a flood.
 */
export async function runPool(tasks: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
