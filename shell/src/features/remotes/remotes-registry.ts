import { type RemoteId, type RemotesManifest, REMOTE_IDS, REMOTES } from '@linkhunt/contracts/remotes';
import { registerRemotes } from '@module-federation/runtime';
import { takeBootFetch } from '../../app/boot-preload.ts';
import { fetchRuntimeFile } from '../../app/runtime-file.ts';

let registered: Promise<void> | null = null;
/** The remotes the page registered: a failure is reported with the version the visitor was given. */
let pinned: RemotesManifest | undefined;

// Moving a remote is an edit of this file, and it must take effect on the next load.
const fetchManifest = () => fetchRuntimeFile<RemotesManifest>('remotes.json');

function register(manifest: RemotesManifest, force: boolean): void {
  pinned = manifest;
  const remotes = REMOTE_IDS.filter((id) => manifest[id]?.entry).map((id) => ({
    name: REMOTES[id].scope,
    alias: id,
    entry: manifest[id].entry,
    type: 'module' as const,
  }));
  registerRemotes(remotes, { force });
}

/** Started at boot without being awaited: only a remote area that needs a remote waits for it. */
export function registerRemotesFromManifest(): Promise<void> {
  registered ??= (takeBootFetch('remotes') ?? fetchManifest()).then((manifest) => register(manifest, false));
  // A failed fetch must not stay cached: the next remote area (or Retry) asks again.
  registered.catch(() => {
    registered = null;
  });
  return registered;
}

/** Retry after a failure: read remotes.json again and replace the registrations, dropping cached failed loads. */
export async function reregisterRemotes(): Promise<void> {
  registered = fetchManifest().then((manifest) => register(manifest, true));
  return registerRemotesFromManifest(); // the same promise, with the reset-on-failure attached
}

export function remoteModuleId(remote: RemoteId, expose: string): string {
  return `${REMOTES[remote].scope}/${expose.replace(/^\.\//, '')}`;
}

/** The entry of `remote` this page registered, once it has. */
export function registeredEntry(remote: RemoteId): string | undefined {
  return pinned?.[remote]?.entry;
}
