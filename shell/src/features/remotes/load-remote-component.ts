import type { ExposeOf, RemoteId } from '@linkhunt/contracts/remotes';
import { hydrationState } from '@linkhunt/shared-ui/features/ssr/hydration.ts';
import { loadRemote } from '@module-federation/runtime';
import { RemoteLoadError, type RemoteModule, RemoteTimeoutError } from './remote-load-errors.ts';
import { registerRemotesFromManifest, remoteModuleId } from './remotes-registry.ts';

/**
 * A remote that has not loaded by then, counted from when its area starts loading, shows its fallback: a hanging
 * server never leaves a blank area for long. The shell's own start comes before (0.2 s warm, up to 0.9 s on a
 * first visit, measured locally), so the fallback is up within 3 s of a navigation. Short, because it costs a
 * slow remote nothing: its load goes on, and the area takes the remote when it arrives (RemoteArea).
 */
export const REMOTE_LOAD_TIMEOUT_MS = 1500;

export async function loadRemoteComponent<R extends RemoteId>(remote: R, expose: ExposeOf<R>): Promise<RemoteModule> {
  const id = remoteModuleId(remote, expose);
  const load = (async () => {
    try {
      await registerRemotesFromManifest();
      const module = await loadRemote<RemoteModule>(id);
      if (!module?.default) throw new RemoteLoadError(`${id} has no default export`);
      return module;
    } catch (error) {
      // The runtime's own errors (an entry that answered 404, a chunk that failed) are load failures too: the
      // health beacon tells them from a page that threw while rendering.
      if (error instanceof RemoteLoadError) throw error;
      throw new RemoteLoadError(`${id} did not load: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  })();
  // The server's HTML of the area is on screen while it hydrates: a slow remote hides nothing, so it is awaited.
  // An area the server could not render is waiting for this load, and gets the fallback in time as before.
  if (hydrationState()?.serverRemotes.includes(remote)) return load;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteTimeoutError(`${id} did not load within ${REMOTE_LOAD_TIMEOUT_MS} ms`, load)), REMOTE_LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
