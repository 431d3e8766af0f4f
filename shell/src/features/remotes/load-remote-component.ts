import type { ExposeOf, RemoteId } from '@linkhunt/contracts/remotes';
import { loadRemote } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import { registerRemotesFromManifest, remoteModuleId } from './remotes-registry.ts';

/** A remote that has not answered by then is shown as down, so a hanging server never leaves a blank area. */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

function timeout(ms: number, what: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new RemoteLoadError(`${what} did not load within ${ms} ms`)), ms));
}

export async function loadRemoteComponent<R extends RemoteId>(
  remote: R,
  expose: ExposeOf<R>,
): Promise<{ default: ComponentType }> {
  const id = remoteModuleId(remote, expose);
  const load = (async () => {
    await registerRemotesFromManifest();
    const module = await loadRemote<{ default: ComponentType }>(id);
    if (!module?.default) throw new RemoteLoadError(`${id} has no default export`);
    return module;
  })();
  return Promise.race([load, timeout(REMOTE_LOAD_TIMEOUT_MS, id)]);
}
