import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootPreload, takeBootFetch, type PreloadRoute } from './boot-preload.ts';
import { REMOTE_ROUTES } from './remote-routes.ts';

const ROUTES: PreloadRoute[] = REMOTE_ROUTES.map(({ path, remote, expose }) => [path, remote, expose]);

const answers: Record<string, unknown> = {
  '/config.json': { apiUrl: 'https://api.test', imageUrl: 'https://img.test/images' },
  '/remotes.json': {
    'mf-product': { entry: 'https://cdn.test/product/remoteEntry.js' },
    'mf-account': { entry: 'https://cdn.test/account/remoteEntry.js' },
  },
  'https://cdn.test/product/mf-manifest.json': {
    exposes: [
      {
        path: './ProductPage',
        assets: {
          js: { sync: ['assets/ProductPage-1.js'], async: ['assets/locale-de-1.js', 'assets/locale-es-1.js', 'assets/Reviews-1.js'] },
          css: { sync: ['assets/ProductPage-1.css'] },
        },
      },
    ],
  },
  'https://cdn.test/account/mf-manifest.json': {
    exposes: [{ path: './ProductFormPage', assets: { js: { sync: ['assets/Form-1.js'], async: [] }, css: { sync: [] } } }],
  },
};
const fetchStub = vi.fn<typeof fetch>(async (url) => {
  const answer = answers[String(url)];
  return answer ? new Response(JSON.stringify(answer)) : new Response('missing', { status: 404 });
});

/** The hints the script added, as "rel href". */
const hints = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.href}`);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => vi.stubGlobal('fetch', fetchStub));
afterEach(() => {
  document.head.innerHTML = '';
  delete window.__linkhuntBoot;
  fetchStub.mockClear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('bootPreload', () => {
  it("connects to the API and preloads the words of the page's language, its remote entry and chunks", async () => {
    window.history.replaceState(null, '', '/es/product/retro-runner');
    bootPreload(ROUTES, { es: ['/assets/es-shell.js', '/assets/es-ui.js'], en: ['/assets/en-shell.js'] });
    await settled();
    await settled();
    expect(hints()).toEqual([
      `modulepreload ${window.location.origin}/assets/es-shell.js`,
      `modulepreload ${window.location.origin}/assets/es-ui.js`,
      'preconnect https://api.test/',
      'preconnect https://img.test/',
      'modulepreload https://cdn.test/product/remoteEntry.js',
      'modulepreload https://cdn.test/product/assets/ProductPage-1.js',
      'modulepreload https://cdn.test/product/assets/locale-es-1.js',
      'preload https://cdn.test/product/assets/ProductPage-1.css',
    ]);
    expect(fetchStub.mock.calls.map(([url, init]) => [String(url), init?.cache])).toEqual([
      ['/config.json', 'no-store'],
      ['/remotes.json', 'no-store'],
      ['https://cdn.test/product/mf-manifest.json', 'no-store'],
    ]);
  });

  it('matches a literal page before the parameter it would fit', async () => {
    window.history.replaceState(null, '', '/es/product/new');
    bootPreload(ROUTES);
    await settled();
    await settled();
    expect(hints().filter((hint) => hint.startsWith('modulepreload'))).toEqual([
      'modulepreload https://cdn.test/account/remoteEntry.js',
      'modulepreload https://cdn.test/account/assets/Form-1.js',
    ]);
  });

  it('preloads no remote for a page of the shell, and survives a failed remotes.json', async () => {
    window.history.replaceState(null, '', '/es/contact');
    bootPreload(ROUTES);
    await settled();
    expect(hints()).toEqual(['preconnect https://api.test/', 'preconnect https://img.test/']);

    const remotes = answers['/remotes.json'];
    delete answers['/remotes.json'];
    window.history.replaceState(null, '', '/es/index');
    bootPreload(ROUTES);
    await expect(takeBootFetch('remotes')).rejects.toThrow('/remotes.json answered 404');
    answers['/remotes.json'] = remotes;
  });

  it("keeps the entry's preload when the remote's mf-manifest.json is missing, and leaves no failure unhandled", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const remotes = answers['/remotes.json'];
    answers['/remotes.json'] = { 'mf-product': { entry: 'https://cdn.test/gone/remoteEntry.js' } };
    try {
      window.history.replaceState(null, '', '/es/product/retro-runner');
      bootPreload(ROUTES);
      await vi.waitFor(() => expect(fetchStub).toHaveBeenCalledWith('https://cdn.test/gone/mf-manifest.json', { cache: 'no-store' }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(hints()).toContain('modulepreload https://cdn.test/gone/remoteEntry.js');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      answers['/remotes.json'] = remotes;
    }
  });

  it('hands each early answer to the shell once', async () => {
    bootPreload([]);
    await expect(takeBootFetch('config')).resolves.toEqual(answers['/config.json']);
    expect(takeBootFetch('config')).toBeUndefined();
  });
});
