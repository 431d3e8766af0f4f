import { REMOTES, type RemoteId } from '@linkhunt/contracts/remotes';
import type { FederationManifest } from './build-files.ts';

/** Check 3: the manifest names the remote's federation scope (mf-product's is mf_product): it is that remote's build. */
export function manifestNameRefusal(manifest: FederationManifest, remote: RemoteId): string | undefined {
  const { scope } = REMOTES[remote];
  if (manifest.name === scope) return undefined;
  return `mf-manifest.json names ${JSON.stringify(manifest.name ?? null)}, not ${remote}'s scope "${scope}": this is another remote's build`;
}
