import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { registerRemotes } from '@module-federation/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@module-federation/runtime', () => ({ registerRemotes: vi.fn() }));

const manifest: RemotesManifest = {
  'mf-catalogue': { entry: 'https://cdn.test/catalogue/remoteEntry.js' },
  'mf-product': { entry: 'https://cdn.test/product/remoteEntry.js' },
  'mf-search': { entry: 'https://cdn.test/search/remoteEntry.js' },
  'mf-account': { entry: 'https://cdn.test/account/remoteEntry.js' },
  'mf-admin': { entry: 'https://cdn.test/admin/remoteEntry.js' },
};

const answer = (status = 200) => new Response(JSON.stringify(manifest), { status });
const fetchStub = vi.fn<typeof fetch>();
/** A fresh copy each time: the module remembers its registration. */
const registry = () => import('./remotes-registry.ts');

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('fetch', fetchStub);
  fetchStub.mockReset().mockImplementation(async () => answer());
  vi.mocked(registerRemotes).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('registerRemotesFromManifest', () => {
  it('reads /remotes.json uncached and registers every remote as an ES module under its scope', async () => {
    await (await registry()).registerRemotesFromManifest();
    expect(fetchStub).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'mf_catalogue', alias: 'mf-catalogue', entry: manifest['mf-catalogue'].entry, type: 'module' },
        { name: 'mf_product', alias: 'mf-product', entry: manifest['mf-product'].entry, type: 'module' },
        { name: 'mf_search', alias: 'mf-search', entry: manifest['mf-search'].entry, type: 'module' },
        { name: 'mf_account', alias: 'mf-account', entry: manifest['mf-account'].entry, type: 'module' },
        { name: 'mf_admin', alias: 'mf-admin', entry: manifest['mf-admin'].entry, type: 'module' },
      ],
      { force: false },
    );
  });

  it('remembers the entry it registered for each remote, for the health beacon', async () => {
    const { registerRemotesFromManifest, registeredEntry } = await registry();
    expect(registeredEntry('mf-product')).toBeUndefined();
    await registerRemotesFromManifest();
    expect(registeredEntry('mf-product')).toBe(manifest['mf-product'].entry);
  });

  it('reads the manifest once for every area that asks', async () => {
    const { registerRemotesFromManifest } = await registry();
    await Promise.all([registerRemotesFromManifest(), registerRemotesFromManifest()]);
    await registerRemotesFromManifest();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it("takes the page's early read of remotes.json instead of asking again, once", async () => {
    window.__linkhuntBoot = { remotes: Promise.resolve(manifest) };
    const { registerRemotesFromManifest, reregisterRemotes } = await registry();
    await registerRemotesFromManifest();
    expect(fetchStub).not.toHaveBeenCalled();
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    await reregisterRemotes();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed read: the next call reads again', async () => {
    const { registerRemotesFromManifest } = await registry();
    fetchStub.mockResolvedValueOnce(answer(503));
    await expect(registerRemotesFromManifest()).rejects.toThrow('remotes.json answered 503');
    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(registerRemotesFromManifest()).rejects.toThrow('Failed to fetch');
    await registerRemotesFromManifest();
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });
});

describe('reregisterRemotes', () => {
  it('reads the manifest again and replaces the registrations', async () => {
    const { registerRemotesFromManifest, reregisterRemotes } = await registry();
    await registerRemotesFromManifest();
    await reregisterRemotes();
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(vi.mocked(registerRemotes).mock.calls.map(([, options]) => options)).toEqual([{ force: false }, { force: true }]);
  });

  it('does not leave a failed read behind for the next area', async () => {
    const { registerRemotesFromManifest, reregisterRemotes } = await registry();
    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(reregisterRemotes()).rejects.toThrow('Failed to fetch');
    await expect(registerRemotesFromManifest()).resolves.toBeUndefined();
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });
});
