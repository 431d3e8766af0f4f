import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore, TOAST_DURATION_MS } from './toast-store.ts';

const messages = () => toastStore.getState().toasts.map((shown) => shown.message);

beforeEach(() => {
  vi.useFakeTimers();
  toastStore.setState({ toasts: [] });
});
afterEach(() => vi.useRealTimers());

describe('toast', () => {
  it('adds toasts of each kind, in order', () => {
    toast.error('Title is required');
    toast.success('Product reported');
    expect(toastStore.getState().toasts.map(({ kind, message }) => [kind, message])).toEqual([
      ['error', 'Title is required'],
      ['success', 'Product reported'],
    ]);
  });

  it('dismisses each toast TOAST_DURATION_MS after it appeared', () => {
    toast.error('First');
    vi.advanceTimersByTime(1000);
    toast.info('Second');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1001);
    expect(messages()).toEqual(['First', 'Second']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual(['Second']);
    vi.advanceTimersByTime(1000);
    expect(messages()).toEqual([]);
  });

  it('dismisses one toast by id and leaves the others', () => {
    const id = toast.success('Saved');
    toast.info('Copied');
    toastStore.getState().dismiss(id);
    expect(messages()).toEqual(['Copied']);
  });
});
