import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { deferred, fakeApi, type Reply, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { pageOf } from '@linkhunt/shared-ui/test/paged.ts';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listPage, resetAccountState, toasts } from '../test/account-test-kit.ts';
import { type PagedList, usePagedList } from './use-paged-list.ts';

interface Item {
  id: number;
}
const item = (id: number): Item => ({ id });
const items = (...ids: number[]) => ids.map(item);

type Ready = Extract<PagedList<Item>, { status: 'ready' }>;
function ready(list: PagedList<Item>): Ready {
  if (list.status !== 'ready') throw new Error(`expected the list to be ready, got ${list.status}`);
  return list;
}
const ids = (list: PagedList<Item>) => ready(list).items.map((current) => current.id);

const renderList = () => renderHook(() => usePagedList<Item>('/auth/favs'));

beforeEach(() => setSiteConfig({ apiUrl: TEST_API_URL }));
afterEach(() => resetAccountState());

describe('usePagedList', () => {
  it('takes an answer without pagination as the whole list', async () => {
    fakeApi(() => results(items(1, 2)));
    const { result } = renderList();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2]));
    expect(ready(result.current).hasMore).toBe(false);
    expect(ready(result.current).total).toBe(2);
  });

  it('puts a removed item back before the one that followed it, even after more were loaded', async () => {
    const removal = deferred<Reply>();
    fakeApi((request) =>
      pageOf(request.url) === 1 ? listPage(items(1, 2), { page: 1, totalPages: 2, total: 4 }) : listPage(items(3, 4), { page: 2, totalPages: 2, total: 4 }),
    );
    const { result } = renderList();
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2]));
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2, 3, 4]));

    const onDone = vi.fn();
    const failing = () =>
      removal.promise.then(() => {
        throw new Error('offline');
      });
    act(() => ready(result.current).remove(item(2), { request: failing, done: 'Gone', failed: 'Not gone', onDone }));
    expect(ids(result.current)).toEqual([1, 3, 4]);
    expect(ready(result.current).total).toBe(3);
    act(() => ready(result.current).remove(item(3), { request: () => Promise.resolve(), done: 'Gone', failed: 'Not gone' }));
    expect(ids(result.current)).toEqual([1, 4]);

    await act(async () => removal.resolve({}));
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2, 4]));
    expect(ready(result.current).total).toBe(3);
    expect(toasts()).toEqual([
      { kind: 'success', message: 'Gone' },
      { kind: 'error', message: 'Not gone' },
    ]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('does not bring back an item being removed with a page loaded meanwhile', async () => {
    const removal = deferred<Reply>();
    // The server still has item 2 until the removal is answered.
    fakeApi((request) =>
      pageOf(request.url) === 1 ? listPage(items(1, 2), { page: 1, totalPages: 2, total: 3 }) : listPage(items(3), { page: 2, totalPages: 2, total: 3 }),
    );
    const { result } = renderList();
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2]));
    const onDone = vi.fn();
    act(() => ready(result.current).remove(item(2), { request: () => removal.promise, done: 'Gone', failed: 'Not gone', onDone }));

    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ready(result.current).loadingMore).toBe(false));
    expect(ids(result.current)).toEqual([1]);
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ids(result.current)).toEqual([1, 3]));

    await act(async () => removal.resolve({ data: null }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(toasts()).toEqual([{ kind: 'success', message: 'Gone' }]);
    expect(ids(result.current)).toEqual([1, 3]);
  });

  it('asks for the page after when a page brought nothing new, and stops at an empty page', async () => {
    const api = fakeApi((request) => {
      const page = pageOf(request.url);
      // Two new items arrived at the top since page 1: page 2 now holds what page 1 showed.
      if (page === 1) return listPage(items(1, 2), { page: 1, totalPages: 3, total: 5 });
      if (page === 2) return listPage(items(1, 2), { page: 2, totalPages: 4, total: 7 });
      return listPage([], { page, totalPages: 4, total: 7 });
    });
    const { result } = renderList();
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2]));
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(api.requests).toHaveLength(2));
    await settle();
    expect(ready(result.current).hasMore).toBe(true);

    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(api.requests).toHaveLength(3));
    await waitFor(() => expect(ready(result.current).hasMore).toBe(false));
    expect(api.requests.map((request) => pageOf(request.url))).toEqual([1, 2, 3]);
    expect(ids(result.current)).toEqual([1, 2]);
  });

  it('keeps what it has when the next page fails, and retries it on the next loadMore', async () => {
    let failures = 1;
    fakeApi((request) => {
      if (pageOf(request.url) === 2 && failures-- > 0) return { status: 500, data: null };
      return pageOf(request.url) === 1 ? listPage(items(1, 2), { page: 1, totalPages: 2, total: 3 }) : listPage(items(3), { page: 2, totalPages: 2, total: 3 });
    });
    const { result } = renderList();
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2]));
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ready(result.current).moreFailed).toBe(true));
    expect(ready(result.current).loadingMore).toBe(false);
    act(() => ready(result.current).loadMore());
    await waitFor(() => expect(ids(result.current)).toEqual([1, 2, 3]));
    expect(ready(result.current).moreFailed).toBe(false);
  });
});
