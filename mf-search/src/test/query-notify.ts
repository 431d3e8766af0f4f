import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { afterAll, beforeAll } from 'vitest';

/**
 * TanStack Query tells the components of an answer on a setTimeout(0), which fake timers hold back, and drop
 * when the test goes back to real time. The debounce tests run on fake time: there it tells them at once.
 */
export function notifyOnMicrotasks(): void {
  beforeAll(() => notifyManager.setScheduler(queueMicrotask));
  afterAll(() => notifyManager.setScheduler(defaultScheduler));
}
