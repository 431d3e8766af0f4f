import { afterEach, describe, expect, it, vi } from 'vitest';
import * as original from './event-bus.ts';
import { bus } from './event-bus.ts';

afterEach(() => vi.restoreAllMocks());

describe('bus', () => {
  it('delivers a payload to every subscriber of that event only', () => {
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    bus.subscribe('product:deleted', first);
    bus.subscribe('product:deleted', second);
    bus.subscribe('favourite:changed', other);
    bus.publish('product:deleted', { productId: 4 });
    expect(first).toHaveBeenCalledWith({ productId: 4 });
    expect(second).toHaveBeenCalledWith({ productId: 4 });
    expect(other).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribe', () => {
    const handler = vi.fn();
    const unsubscribe = bus.subscribe('review:added', handler);
    bus.publish('review:added', { productId: 1, stars: 5 });
    unsubscribe();
    bus.publish('review:added', { productId: 2, stars: 3 });
    expect(handler.mock.calls).toEqual([[{ productId: 1, stars: 5 }]]);
  });

  it('replays the latest payload with last()', () => {
    bus.publish('search:query', { query: 'nik' });
    bus.publish('search:query', { query: 'nike' });
    expect(bus.last('search:query')).toEqual({ query: 'nike' });
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    bus.subscribe('product:uploaded', () => {
      throw new Error('a broken remote');
    });
    bus.subscribe('product:uploaded', after);
    expect(() => bus.publish('product:uploaded', { productId: 5, slug: 'tote' })).not.toThrow();
    expect(after).toHaveBeenCalledWith({ productId: 5, slug: 'tote' });
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('is one bus per page even when its module is loaded twice', async () => {
    vi.resetModules();
    const copy = await import('./event-bus.ts');
    expect(copy).not.toBe(original);
    const handler = vi.fn();
    bus.subscribe('favourite:changed', handler);
    copy.bus.publish('favourite:changed', { productId: 9, favourite: true });
    expect(handler).toHaveBeenCalledWith({ productId: 9, favourite: true });
    expect(bus.last('favourite:changed')).toEqual({ productId: 9, favourite: true });
  });
});
