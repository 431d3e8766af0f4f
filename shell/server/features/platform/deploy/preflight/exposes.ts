import { LIFECYCLES_EXPOSE, REMOTES, type RemoteId } from '@linkhunt/contracts/remotes';
import type { FederationManifest } from './build-files.ts';

/** Check 4: the build exposes every page contracts/src/remotes.ts declares for the remote, and its lifecycles. */
export function exposesRefusal(manifest: FederationManifest, remote: RemoteId): string | undefined {
  const exposed = new Set(
    (Array.isArray(manifest.exposes) ? (manifest.exposes as unknown[]) : []).map((expose) => (expose as { path?: unknown } | null)?.path),
  );
  const missing = [...REMOTES[remote].exposes, LIFECYCLES_EXPOSE].filter((path) => !exposed.has(path));
  if (missing.length === 0) return undefined;
  return `the build does not expose ${missing.join(', ')}, which contracts/src/remotes.ts declares for ${remote}`;
}
