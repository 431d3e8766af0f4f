import { loadRemote } from '@module-federation/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRemoteComponent, REMOTE_LOAD_TIMEOUT_MS } from './load-remote-component.ts';
import { RemoteLoadError, RemoteTimeoutError } from './remote-load-errors.ts';
import type * as registry from './remotes-registry.ts';
import { registerRemotesFromManifest } from './remotes-registry.ts';

vi.mock('@module-federation/runtime');
// The real remoteModuleId, a registration the test controls.
vi.mock('./remotes-registry.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof registry>()),
  registerRemotesFromManifest: vi.fn(async () => undefined),
}));

function Home() {
  return null;
}

beforeEach(() => {
  vi.mocked(loadRemote).mockReset();
});
afterEach(() => vi.useRealTimers());

describe('loadRemoteComponent', () => {
  it('registers the remotes first, then loads scope/expose', async () => {
    let registered!: () => void;
    vi.mocked(registerRemotesFromManifest).mockReturnValueOnce(new Promise((resolve) => (registered = resolve)));
    vi.mocked(loadRemote).mockResolvedValue({ default: Home });
    const loading = loadRemoteComponent('mf-catalogue', './Home');
    await Promise.resolve();
    expect(loadRemote).not.toHaveBeenCalled();
    registered();
    await expect(loading).resolves.toEqual({ default: Home });
    expect(loadRemote).toHaveBeenCalledWith('mf_catalogue/Home');
  });

  it('rejects a module without a default export', async () => {
    vi.mocked(loadRemote).mockResolvedValue({ Home });
    const loading = loadRemoteComponent('mf-search', './SearchPanel');
    await expect(loading).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(loading).rejects.toThrow('mf_search/SearchPanel has no default export');
  });

  it('rejects with a load error, its cause kept, when the runtime fails to load the remote or the remotes cannot be registered', async () => {
    const runtimeError = new Error('[ Federation Runtime ]: RUNTIME-008 entry http://x/remoteEntry.js failed');
    vi.mocked(loadRemote).mockRejectedValue(runtimeError);
    const loading = loadRemoteComponent('mf-product', './ProductPage');
    await expect(loading).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(loading).rejects.toMatchObject({ message: `mf_product/ProductPage did not load: ${runtimeError.message}`, cause: runtimeError });
    vi.mocked(registerRemotesFromManifest).mockRejectedValueOnce(new Error('remotes.json answered 503'));
    await expect(loadRemoteComponent('mf-product', './ProductPage')).rejects.toBeInstanceOf(RemoteLoadError);
  });

  it('rejects when the remote has not answered after REMOTE_LOAD_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    vi.mocked(loadRemote).mockReturnValue(new Promise(() => undefined));
    let outcome: unknown = 'pending';
    loadRemoteComponent('mf-product', './ProductPage').catch((error: unknown) => (outcome = error));
    await vi.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(RemoteTimeoutError);
    expect(outcome).toBeInstanceOf(RemoteLoadError);
  });

  it('gives up early enough for the fallback to show within 3 s of a navigation, with half of that left for the shell to start', () => {
    expect(REMOTE_LOAD_TIMEOUT_MS).toBeLessThanOrEqual(1500);
  });

  it('keeps loading a remote that timed out, and hands it over if it arrives', async () => {
    vi.useFakeTimers();
    let answer!: (module: { default: typeof Home }) => void;
    vi.mocked(loadRemote).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = loadRemoteComponent('mf-catalogue', './Home');
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
    const error = await outcome;
    if (!(error instanceof RemoteTimeoutError)) throw new Error(`expected a RemoteTimeoutError, got ${String(error)}`);
    expect(error.message).toBe(`mf_catalogue/Home did not load within ${REMOTE_LOAD_TIMEOUT_MS} ms`);
    answer({ default: Home });
    await expect(error.arrival).resolves.toEqual({ default: Home });
  });

  it('sets no timer once the remote has loaded', async () => {
    vi.useFakeTimers();
    vi.mocked(loadRemote).mockResolvedValue({ default: Home });
    await expect(loadRemoteComponent('mf-catalogue', './Home')).resolves.toEqual({ default: Home });
    expect(vi.getTimerCount()).toBe(0);
  });
});
