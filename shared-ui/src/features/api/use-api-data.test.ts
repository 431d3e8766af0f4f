import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, fakeApi, type Reply, restoreApi, results } from '../../test/fake-api.ts';
import { setSiteConfig } from '../config/site-config.ts';
import { useApiData } from './use-api-data.ts';

beforeEach(() => setSiteConfig({ apiUrl: 'http://api.test' }));
afterEach(restoreApi);

const useBrand = ({ url }: { url: string }) => useApiData<{ name: string }>(url);

describe('useApiData', () => {
  it('is loading, then gives results.data', async () => {
    fakeApi(() => results({ name: 'Nike' }));
    const { result } = renderHook(useBrand, { initialProps: { url: '/brands/slug/nike' } });
    expect(result.current).toEqual({ status: 'loading', data: null });
    await waitFor(() => expect(result.current).toEqual({ status: 'success', data: { name: 'Nike' } }));
  });

  it('tells a 404 from other failures', async () => {
    fakeApi((request) => ({ status: request.url === '/brands/slug/gone' ? 404 : 500, data: { message: 'No' } }));
    const { result, rerender } = renderHook(useBrand, { initialProps: { url: '/brands/slug/gone' } });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', data: null, notFound: true }));
    rerender({ url: '/brands/slug/broken' });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', data: null, notFound: false }));
  });

  it('asks again on retry after a failure, loading meanwhile', async () => {
    let answer: Reply | Promise<Reply> = { status: 503, data: { message: 'Service Unavailable' } };
    const api = fakeApi(() => answer);
    const { result } = renderHook(useBrand, { initialProps: { url: '/brands/slug/nike' } });
    await waitFor(() => expect(result.current.status).toBe('error'));
    const later = deferred<Reply>();
    answer = later.promise;
    act(() => {
      if (result.current.status === 'error') result.current.retry();
    });
    await waitFor(() => expect(result.current).toEqual({ status: 'loading', data: null }));
    later.resolve(results({ name: 'Nike' }));
    await waitFor(() => expect(result.current).toEqual({ status: 'success', data: { name: 'Nike' } }));
    expect(api.requests.map((request) => request.url)).toEqual(['/brands/slug/nike', '/brands/slug/nike']);
  });

  it('goes back to loading as soon as the URL changes', async () => {
    const later = deferred<Reply>();
    fakeApi((request) => (request.url === '/brands/slug/nike' ? results({ name: 'Nike' }) : later.promise));
    const { result, rerender } = renderHook(useBrand, { initialProps: { url: '/brands/slug/nike' } });
    await waitFor(() => expect(result.current.status).toBe('success'));
    rerender({ url: '/brands/slug/adidas' });
    expect(result.current).toEqual({ status: 'loading', data: null });
  });

  it('never shows the answer for a URL it has left, whenever that answer arrives', async () => {
    const answers = new Map([
      ['/brands/slug/nike', deferred<Reply>()],
      ['/brands/slug/adidas', deferred<Reply>()],
    ]);
    const api = fakeApi((request) => answers.get(request.url ?? '')?.promise ?? { status: 404 });
    const { result, rerender } = renderHook(useBrand, { initialProps: { url: '/brands/slug/nike' } });
    await waitFor(() => expect(api.requests).toHaveLength(1));
    rerender({ url: '/brands/slug/adidas' });
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[0]?.signal?.aborted).toBe(true);

    await act(async () => answers.get('/brands/slug/adidas')?.resolve(results({ name: 'Adidas' })));
    await waitFor(() => expect(result.current).toEqual({ status: 'success', data: { name: 'Adidas' } }));
    await act(async () => answers.get('/brands/slug/nike')?.resolve(results({ name: 'Nike' })));
    expect(result.current).toEqual({ status: 'success', data: { name: 'Adidas' } });
  });

  it('stays loading for the new URL when the old answer comes first', async () => {
    const first = deferred<Reply>();
    const second = deferred<Reply>();
    const api = fakeApi((request) => (request.url === '/users/old' ? first.promise : second.promise));
    const { result, rerender } = renderHook(useBrand, { initialProps: { url: '/users/old' } });
    await waitFor(() => expect(api.requests).toHaveLength(1));
    rerender({ url: '/users/new' });
    await waitFor(() => expect(api.requests).toHaveLength(2));
    await act(async () => first.resolve(results({ name: 'Old' })));
    expect(result.current).toEqual({ status: 'loading', data: null });
    await act(async () => second.resolve(results({ name: 'New' })));
    await waitFor(() => expect(result.current).toEqual({ status: 'success', data: { name: 'New' } }));
  });
});
