import { expect, it } from 'vitest';
import { SendSpacing } from './send-spacing.js';

/** Holds the event loop, as a slow synchronous SQLite query does. */
function holdEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) { /* busy */ }
}

it('lets a host\'s first send go at once, and sends to other hosts do not wait for it', async () => {
  const spacing = new SendSpacing(10_000);
  const started = Date.now();
  await spacing.wait('a.example');
  await spacing.wait('b.example');
  expect(Date.now() - started).toBeLessThan(1_000);
});

it('keeps each send the delay after the one before really left, even when a timer fires late', async () => {
  const spacing = new SendSpacing(100);
  const left: number[] = [];
  const [first, ...others] = [1, 2, 3].map(() => spacing.wait('a.example').then(() => left.push(Date.now())));
  await first;
  // The second send's timer is due 100 ms after the first; the loop is held until 150 ms, so it fires late.
  holdEventLoop(150);
  await Promise.all(others);
  const [one = 0, two = 0, three = 0] = left;
  expect(two - one).toBeGreaterThanOrEqual(100);
  // Spaced from when they were asked, the third would follow the late second 50 ms after it.
  expect(three - two).toBeGreaterThanOrEqual(100);
});
