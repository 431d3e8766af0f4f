import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIFECYCLES_EXPOSE, REMOTES, type RemoteId } from '@linkhunt/contracts/remotes';
import { hostShareInfo, sharedDeps } from '../../../../../shared-ui/federation/shared-deps.ts';

/** The shell's installed shared versions, as app.ts reads them. */
export const HOST_SHARES = hostShareInfo(new URL('../../../../', import.meta.url));

export interface SharedDeclaration {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
}

/** What a remote built against the shell declares: every package the shell provides, as the real builds do. */
export function matchingShared(): SharedDeclaration[] {
  return Object.entries(sharedDeps).map(([name, { requiredVersion }]) => ({
    name,
    version: HOST_SHARES[name as keyof typeof HOST_SHARES].version,
    requiredVersion,
    singleton: true,
  }));
}

export interface BuildShape {
  /** The manifest's name; the remote's scope by default. */
  name?: string;
  exposes?: string[];
  shared?: SharedDeclaration[];
  /** Files the build leaves out. */
  omit?: ('remoteEntry.js' | 'remoteEntry.ssr.js' | 'mf-manifest.json')[];
  /** Written into remoteEntry.js: a different marker is a different build. */
  marker?: string;
}

/**
 * Writes a built remote's three files into `dir`, shaped like @module-federation/vite's output (mf-product's
 * real mf-manifest.json, trimmed): a valid build of `remote` unless `shape` says otherwise.
 */
export async function writeBuild(dir: string, remote: RemoteId, shape: BuildShape = {}): Promise<void> {
  const { scope } = REMOTES[remote];
  const exposes = shape.exposes ?? [...REMOTES[remote].exposes, LIFECYCLES_EXPOSE];
  const manifest = {
    id: scope,
    name: shape.name ?? scope,
    metaData: { name: scope, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'module' }, ssrRemoteEntry: { name: 'remoteEntry.ssr.js', path: '', type: 'module' } },
    shared: (shape.shared ?? matchingShared()).map((dependency) => ({ id: `${scope}:${dependency.name}`, ...dependency })),
    remotes: [],
    exposes: exposes.map((path) => ({ id: `${scope}:${path.slice(2)}`, name: path.slice(2), path, assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } })),
  };
  const files = {
    'remoteEntry.js': `export const build = ${JSON.stringify(shape.marker ?? dir)};\n`,
    'remoteEntry.ssr.js': 'export const exposes = {};\n',
    'mf-manifest.json': JSON.stringify(manifest),
  };
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    if (!shape.omit?.includes(name as keyof typeof files)) await writeFile(join(dir, name), text);
  }
}
