import { createHash } from 'node:crypto';
import type { RemoteEntry } from '@linkhunt/contracts/platform';
import { ssrEntryUrl } from '../../../../lib/remotes/import-server-entries.ts';

/** The parts of a remote's mf-manifest.json (written by @module-federation/vite) the checks read. */
export interface FederationManifest {
  name?: unknown;
  exposes?: unknown;
  shared?: unknown;
}

/** A build's three files, as fetched from where a deploy points. */
export interface BuildFiles {
  remoteEntry: Buffer;
  serverEntry: Buffer;
  manifestText: Buffer;
  manifest: FederationManifest;
}

/** The URLs of a version's three files: its entry, its server entry and mf-manifest.json beside the entry. */
export function buildUrls(target: RemoteEntry): { remoteEntry: string; serverEntry: string; manifest: string } {
  return { remoteEntry: target.entry, serverEntry: ssrEntryUrl(target), manifest: new URL('mf-manifest.json', target.entry).href };
}

/**
 * What identifies a build: SHA-256 over the SHA-256 of each file, in a fixed order (hashing the digests, not the
 * concatenated bytes, so no two different triples of files can make the same input).
 */
export function fingerprintOf(files: Pick<BuildFiles, 'remoteEntry' | 'serverEntry' | 'manifestText'>): string {
  const outer = createHash('sha256');
  for (const file of [files.remoteEntry, files.serverEntry, files.manifestText]) outer.update(createHash('sha256').update(file).digest());
  return outer.digest('hex');
}
