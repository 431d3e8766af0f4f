import { expect, it } from 'vitest';
import { WakeableSleep } from './wakeable-sleep.js';

it('ends a sleep when woken, long before its time', async () => {
  const pause = new WakeableSleep();
  const started = Date.now();
  const slept = pause.sleep(60_000);
  pause.wake();
  await slept;
  expect(Date.now() - started).toBeLessThan(30_000);
});

it('ends a sleep on its own time, and a wake between sleeps cuts nothing short', async () => {
  const pause = new WakeableSleep();
  pause.wake();
  let done = false;
  const slept = pause.sleep(20).then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(done).toBe(false);
  await slept;
  expect(done).toBe(true);
});
