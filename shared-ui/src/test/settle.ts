import { act } from '@testing-library/react';

/**
 * Lets every pending answer of the fake API settle (it uses no timers, so one macrotask is enough) and React
 * commit what follows. Only for asserting that something did NOT happen (no new request, no error shown):
 * anything that does happen is awaited with findBy* or waitFor.
 */
export const settle = () => act(() => new Promise<void>((done) => setTimeout(done, 0)));
