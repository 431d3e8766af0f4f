import { HEALTH_BEACON_PATH, type HealthBeacon } from '@linkhunt/contracts/platform-health';
import type { RemoteId } from '@linkhunt/contracts/remotes';
import { RemoteLoadError } from './remote-load-errors.ts';
import { registeredEntry } from './remotes-registry.ts';

/**
 * Tells the shell server that `remote`'s area failed here, with the version this page registered, for the
 * health of that version (a deploy watched after it is rolled back when too many fail). A beacon: it survives the
 * page being left, waits for nothing, and a browser without it only goes uncounted.
 */
export function reportRemoteFailure(remote: RemoteId, error: unknown): void {
  const entry = registeredEntry(remote);
  if (!entry || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const beacon: HealthBeacon = { remote, entry, kind: error instanceof RemoteLoadError ? 'load' : 'render' };
  navigator.sendBeacon(HEALTH_BEACON_PATH, new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
}
