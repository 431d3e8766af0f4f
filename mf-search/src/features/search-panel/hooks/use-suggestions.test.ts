import type { Suggestion } from '@linkhunt/contracts/search';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from './use-settled-query.ts';
import { useSuggestions } from './use-suggestions.ts';
import { notifyOnMicrotasks } from '../../../test/query-notify.ts';

const footwear: Suggestion = { type: 'category', label: 'Calzado', slug: 'calzado' };
const nike: Suggestion = { type: 'brand', label: 'Nike', slug: 'nike' };

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const suggest = (initial: string) => renderHook(({ query }) => useSuggestions(query), { initialProps: { query: initial } });


notifyOnMicrotasks();
beforeEach(() => {
  setSiteConfig({ apiUrl: 'http://api.test' });
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  restoreApi();
});

describe('useSuggestions', () => {
  it('asks nothing under two letters or digits, where the API suggests nothing', async () => {
    const api = fakeApi(() => results([nike]));
    const { result, rerender } = suggest('n');
    await wait(SEARCH_DEBOUNCE_MS * 2);
    rerender({ query: ' -! ' });
    await wait(SEARCH_DEBOUNCE_MS * 2);
    expect(api.requests).toHaveLength(0);
    expect(result.current).toEqual([]);
  });

  it('asks GET /search/suggest after the debounce, for the last of quick keystrokes', async () => {
    const api = fakeApi(() => results([footwear, nike]));
    const { result, rerender } = suggest('ca');
    await wait(SEARCH_DEBOUNCE_MS / 2);
    rerender({ query: 'cal zado' });
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(api.requests).toHaveLength(0);
    await wait(1);
    expect(api.requests.map((request) => request.url)).toEqual(['/search/suggest?q=cal+zado&lng=es']);
    expect(result.current).toEqual([footwear, nike]);
  });

  it('aborts the request of a query typed over, and never shows its late answer', async () => {
    const answers = { ni: deferred<Reply>(), nik: deferred<Reply>() };
    const api = fakeApi((request) => (request.url.endsWith('=ni') ? answers.ni : answers.nik).promise);
    const { result, rerender } = suggest('ni');
    await wait(SEARCH_DEBOUNCE_MS);
    rerender({ query: 'nik' });
    expect(api.requests[0]?.signal.aborted).toBe(true);
    expect(result.current).toEqual([]);
    await wait(SEARCH_DEBOUNCE_MS);
    answers.nik.resolve(results([nike]));
    answers.ni.resolve(results([footwear]));
    await wait(0);
    expect(result.current).toEqual([nike]);
  });

  it('has none when the call fails: the results still say the rest', async () => {
    fakeApi(() => ({ status: 503, data: { message: 'Service Unavailable' } }));
    const { result } = suggest('nike');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(result.current).toEqual([]);
  });

  it('asks nothing for a pasted link: nothing completes it', async () => {
    const api = fakeApi(() => results([nike]));
    const { result } = suggest('https://weidian.com/item.html?itemID=7233464590');
    await wait(SEARCH_DEBOUNCE_MS * 2);
    expect(api.requests).toHaveLength(0);
    expect(result.current).toEqual([]);
  });
});
