import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeRoutes, SERVER_ERROR } from '../../../test/api.ts';
import { SITE } from '../../../test/render.tsx';
import { preloadProductFromLocation } from './product-preload.ts';
import { useProduct } from './use-product.ts';

const runner = aProduct({ id: 7, slug: 'retro-runner', title: 'Retro runner' });
const RUNNER_URL = 'GET /products/slug/retro-runner?include=user';

beforeEach(() => setSiteConfig(SITE));
afterEach(restoreApi);

describe('preloadProductFromLocation', () => {
  it('asks for the product of a product page before it renders, and the page takes that answer', async () => {
    const api = fakeRoutes({ [RUNNER_URL]: results(runner) });
    preloadProductFromLocation('/es/product/retro-runner');
    expect(api.calls()).toEqual([RUNNER_URL]);

    const { result } = renderHook(() => useProduct('retro-runner'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(api.calls()).toHaveLength(1);
  });

  it('leaves other pages alone', () => {
    const api = fakeRoutes({});
    preloadProductFromLocation('/es/product/new/extra');
    preloadProductFromLocation('/es/index');
    expect(api.calls()).toEqual([]);
  });

  it('lets the page show a failed early answer, and its retry asks again', async () => {
    let calls = 0;
    const api = fakeRoutes({ [RUNNER_URL]: () => (++calls === 1 ? SERVER_ERROR : results(runner)) });
    preloadProductFromLocation('/es/product/retro-runner');
    const { result } = renderHook(() => useProduct('retro-runner'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    const failed = result.current;
    if (failed.status === 'error') failed.retry();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(api.calls()).toHaveLength(2);
  });
});
