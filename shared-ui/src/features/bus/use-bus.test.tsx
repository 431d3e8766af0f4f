import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bus } from './event-bus.ts';
import { useBusEvent, useLastBusEvent } from './use-bus.ts';

function Query() {
  return <p>{useLastBusEvent('search:query')?.query ?? 'nothing yet'}</p>;
}

describe('useLastBusEvent', () => {
  it('starts from the last payload and re-renders on each publish', () => {
    bus.publish('search:query', { query: 'bag' });
    render(<Query />);
    expect(screen.getByRole('paragraph').textContent).toBe('bag');
    act(() => bus.publish('search:query', { query: 'bags' }));
    expect(screen.getByRole('paragraph').textContent).toBe('bags');
  });
});

describe('useBusEvent', () => {
  it('calls the latest handler while mounted and unsubscribes on unmount', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ handler }) => useBusEvent('product:deleted', handler), {
      initialProps: { handler: first },
    });
    bus.publish('product:deleted', { productId: 1 });
    rerender({ handler: second });
    bus.publish('product:deleted', { productId: 2 });
    unmount();
    bus.publish('product:deleted', { productId: 3 });
    expect(first.mock.calls).toEqual([[{ productId: 1 }]]);
    expect(second.mock.calls).toEqual([[{ productId: 2 }]]);
  });
});
