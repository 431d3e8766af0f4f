import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('starts at the seconds given and loses one a second, stopping at 0', async () => {
    const { result } = renderHook(() => useCountdown(3));
    expect(result.current).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(result.current).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(result.current).toBe(0);
  });

  it('stops its clock when unmounted', () => {
    const { unmount } = renderHook(() => useCountdown(5));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
