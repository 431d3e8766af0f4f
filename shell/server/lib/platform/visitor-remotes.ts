import { createHash } from 'node:crypto';
import { REMOTE_IDS, type RemoteId, type RemotesManifest } from '@linkhunt/contracts/remotes';
import { effectiveManifest, type Preview } from './previews.ts';

/** The remotes one visitor gets: which canaries, which preview, and the manifest they make together. */
export interface VisitorRemotes {
  /** What the visitor's pages render with, pin and load: one entry per remote, no canary field. */
  manifest: RemotesManifest;
  /** The remotes whose canary the visitor gets (a preview of a remote wins over its canary). */
  canaries: RemoteId[];
  preview?: Preview;
}

/**
 * Whether the visitor of `bucket` gets `remote`'s canary at `percent`: `hash(remote + bucket) % 100 < percent`. A
 * visitor's number for a remote never changes, so raising the percentage keeps everyone who had the canary, and
 * each remote's canary falls on a different share of visitors.
 */
export function inCanary(remote: RemoteId, bucket: string, percent: number): boolean {
  return createHash('sha256').update(`${remote}:${bucket}`).digest().readUInt32BE(0) % 100 < percent;
}

/** The manifest without its canaries: what everyone outside them renders with. */
export function withoutCanaries(manifest: RemotesManifest): RemotesManifest {
  const plain = { ...manifest };
  for (const id of REMOTE_IDS) {
    const remote = manifest[id];
    if (remote?.canary) plain[id] = remote.ssrEntry ? { entry: remote.entry, ssrEntry: remote.ssrEntry } : { entry: remote.entry };
  }
  return plain;
}

/** The remotes with a canary under way (percent above 0). */
export function canaryRemotes(manifest: RemotesManifest): RemoteId[] {
  return REMOTE_IDS.filter((id) => (manifest[id]?.canary?.percent ?? 0) > 0);
}

/** The remotes a visitor of `bucket` (undefined: not yet given one) gets, with their preview over everything. */
export function visitorRemotes(base: RemotesManifest, bucket: string | undefined, preview: Preview | undefined): VisitorRemotes {
  const canaries = bucket === undefined ? [] : canaryRemotes(base).filter((id) => !preview?.overrides[id] && inCanary(id, bucket, base[id].canary?.percent ?? 0));
  const withCanaries = withoutCanaries(base);
  for (const id of canaries) {
    const canary = base[id].canary;
    if (canary) withCanaries[id] = canary.ssrEntry ? { entry: canary.entry, ssrEntry: canary.ssrEntry } : { entry: canary.entry };
  }
  return { manifest: preview ? effectiveManifest(withCanaries, preview.overrides) : withCanaries, canaries, preview };
}
