import type { ExposeOf, RemoteId } from '@linkhunt/contracts/remotes';
import { serverRemotes } from '../../../server/lib/remotes/server-remotes.ts';
import { type RemoteModule, RemoteLoadError } from './remote-load-errors.ts';

/**
 * The server build's loader (shell/vite.server.config.ts picks it over load-remote-component.ts): a page from
 * the remote's server entry the render worker imported. A remote without one throws, and React renders that
 * area in the browser instead (its Suspense boundary), as before server rendering.
 */
export async function loadRemoteComponent<R extends RemoteId>(remote: R, expose: ExposeOf<R>): Promise<RemoteModule> {
  const entry = serverRemotes().get(remote);
  if (!entry) throw new RemoteLoadError(`${remote} has no server entry in this render`);
  const load = entry.exposes[expose];
  if (!load) throw new RemoteLoadError(`${remote} does not expose ${expose} on the server`);
  const module = await load();
  if (typeof module.default !== 'function' && typeof module.default !== 'object') throw new RemoteLoadError(`${remote}/${expose} has no default export`);
  return module as RemoteModule;
}
