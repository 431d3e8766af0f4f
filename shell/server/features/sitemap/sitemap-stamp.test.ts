// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { StampWatch } from './sitemap-stamp.ts';

function setup(answers: (string | null | Error)[]) {
  let now = 1_000;
  let reads = 0;
  const pending: (() => void)[] = [];
  const watch = new StampWatch({
    read: () =>
      new Promise((resolve, reject) => {
        const answer = answers[reads++] ?? null;
        pending.push(() => (answer instanceof Error ? reject(answer) : resolve(answer)));
      }),
    intervalMs: 1_000,
    now: () => now,
  });
  const settle = () => {
    for (const finish of pending.splice(0)) finish();
  };
  return { watch, settle, reads: () => reads, advance: (ms: number) => (now += ms) };
}

describe('StampWatch', () => {
  it('shares one read among simultaneous requests and answers from it for the interval', async () => {
    const { watch, settle, reads, advance } = setup(['a', 'b']);
    const asked = [watch.current(), watch.current(), watch.current()];
    settle();
    expect(await Promise.all(asked)).toEqual(['a', 'a', 'a']);
    advance(999);
    expect(await watch.current()).toBe('a');
    expect(reads()).toBe(1);
    advance(1);
    const next = watch.current();
    settle();
    expect(await next).toBe('b');
  });

  it('answers null for a failed read, and does not read again within the interval', async () => {
    const { watch, settle, reads } = setup([new Error('down')]);
    const asked = watch.current();
    settle();
    expect(await asked).toBeNull();
    expect(await watch.current()).toBeNull();
    expect(reads()).toBe(1);
  });

  it('takes a stamp observed elsewhere as a fresh read', async () => {
    const { watch, reads } = setup([]);
    watch.observe('built');
    expect(await watch.current()).toBe('built');
    expect(reads()).toBe(0);
  });
});
