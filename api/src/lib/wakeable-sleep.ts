/**
 * The wait between rounds of a loop beside the API (the link checker, the rates refresher): a timer that
 * stopping the loop, or news that there is work now, cuts short.
 */
export class WakeableSleep {
  private wakeUp: (() => void) | null = null;

  /** Resolves after `ms`, or when woken first. */
  sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      this.wakeUp = null;
    });
  }

  /** Ends the sleep under way now; does nothing between sleeps. */
  wake(): void {
    this.wakeUp?.();
  }
}
