import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { dehydrate, hydrate } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToPipeableStream } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiData } from '../api/use-api-data.ts';
import { setSiteConfig } from '../config/site-config.ts';
import { initI18n } from '../i18n/i18n.ts';
import { RENDER_SCOPE_KEY, type RenderScope } from '../ssr/render-scope.ts';
import { fakeApi, restoreApi } from '../../test/fake-api.ts';
import { settle } from '../../test/settle.ts';
import { createQueryClient, queryClient } from './query-client.ts';
import { useApiPages } from './use-api-pages.ts';

/** What the shell server's render scope does, with the API's answers given by `answers` (a path without one: no answer). */
function serverScope(answers: Record<string, PrefetchedAnswer>): RenderScope & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    config: { apiUrl: 'http://api.test' },
    language: 'en',
    queryClient: createQueryClient(),
    setStatus: () => undefined,
    fetched,
    fetch: async (path) => {
      fetched.push(path);
      return answers[path] ?? { status: null, data: null };
    },
  };
}

/** Renders `page` as the shell server does: inside the scope, waiting for every read (onAllReady). */
function renderOnServer(page: ReactElement, scope: RenderScope): Promise<string> {
  const global = globalThis as { [RENDER_SCOPE_KEY]?: { getStore(): RenderScope | undefined } };
  global[RENDER_SCOPE_KEY] = { getStore: () => scope };
  return new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(page, { onAllReady: () => stream.pipe(sink), onShellError: reject });
  }).finally(() => {
    global[RENDER_SCOPE_KEY] = undefined;
  });
}

const results = (data: unknown): PrefetchedAnswer => ({ status: 200, data: { results: { data } } });
const page = (ids: number[], current: number, totalPages: number): PrefetchedAnswer => ({
  status: 200,
  data: { results: { data: ids.map((id) => ({ id })), meta: { pagination: { total: 3, total_pages: totalPages, current_page: current } } } },
});
const readPage = (body: unknown) => {
  const { results: answer } = body as { results: { data: { id: number }[]; meta: { pagination: { total: number; total_pages: number } } } };
  return { items: answer.data, extra: null, total: answer.meta.pagination.total, totalPages: answer.meta.pagination.total_pages };
};

function Brand() {
  const brand = useApiData<{ name: string }>('/brands/slug/nike');
  const list = useApiPages('/products?brand=nike', readPage);
  return (
    <main>
      <h1>{brand.status === 'success' ? brand.data.name : brand.status}</h1>
      <p>{list.status === 'ready' ? list.items.map(({ id }) => id).join(',') : list.status}</p>
    </main>
  );
}

beforeEach(async () => {
  setSiteConfig({ apiUrl: 'http://api.test' });
  // The browser's reads are keyed by the page's language, as the server's are by the render's.
  await initI18n('en');
});
afterEach(restoreApi);

describe('a page rendered on the server, then hydrated', () => {
  it('renders with its reads, hands them over, and the browser asks the API nothing', async () => {
    const scope = serverScope({ '/brands/slug/nike': results({ name: 'Nike' }), '/products?brand=nike': page([1, 2], 1, 2) });
    const html = await renderOnServer(<Brand />, scope);
    expect(html).toContain('<h1>Nike</h1>');
    expect(html).toContain('<p>1,2</p>');
    expect(scope.fetched).toEqual(['/brands/slug/nike', '/products?brand=nike']);

    // What the page carries as JSON, and what the shell's bootstrap does with it.
    hydrate(queryClient(), JSON.parse(JSON.stringify(dehydrate(scope.queryClient))) as ReturnType<typeof dehydrate>);
    const api = fakeApi(() => ({ status: 500 }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const complaints: unknown[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => complaints.push(args));
    const root = await act(async () => hydrateRoot(container, <Brand />, { onRecoverableError: (error) => complaints.push(error) }));
    await settle();
    errors.mockRestore();
    expect(complaints).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe('Nike');
    expect(api.requests).toHaveLength(0);
    act(() => root.unmount());
    container.remove();
  });

  it('hands over a 404 as the answer it is: the browser shows the page not found and asks nothing again', async () => {
    const scope = serverScope({ '/brands/slug/nike': { status: 404, data: { message: 'Not found' } }, '/products?brand=nike': page([1, 2], 1, 2) });
    const html = await renderOnServer(<Brand />, scope);
    expect(html).toContain('<h1>error</h1>');
    hydrate(queryClient(), JSON.parse(JSON.stringify(dehydrate(scope.queryClient))) as ReturnType<typeof dehydrate>);
    const api = fakeApi(() => ({ status: 404, data: { message: 'Not found' } }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, <Brand />));
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe('error');
    expect(api.requests).toHaveLength(0);
    act(() => root.unmount());
    container.remove();
  });

  it('keeps a read the API did not answer out of the page, so the browser asks for it', async () => {
    const scope = serverScope({ '/products?brand=nike': page([1, 2], 1, 2) });
    const html = await renderOnServer(<Brand />, scope);
    expect(html).toContain('<h1>error</h1>');
    const state = dehydrate(scope.queryClient);
    // The failed answer travels (the first render shows the same error), and is stale at once.
    expect(state.queries.map(({ queryKey }) => queryKey[2])).toEqual(['/brands/slug/nike', '/products?brand=nike']);
    hydrate(queryClient(), state);
    const api = fakeApi(() => ({ data: { results: { data: { name: 'Nike' } } } }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, <Brand />));
    await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Nike'));
    expect(api.requests.map(({ url }) => url)).toEqual(['/brands/slug/nike']);
    act(() => root.unmount());
    container.remove();
  });
});
