import type { RemoteId, RemoteServerEntry } from '@linkhunt/contracts/remotes';

const KEY = Symbol.for('linkhunt.server-remotes');

/**
 * The remotes' server entries a render worker imported, by remote. One worker renders with one version of
 * remotes.json: a new version gets a new worker, so this map never changes under a render.
 */
export function serverRemotes(): Map<RemoteId, RemoteServerEntry> {
  const registry = globalThis as { [KEY]?: Map<RemoteId, RemoteServerEntry> };
  return (registry[KEY] ??= new Map());
}
