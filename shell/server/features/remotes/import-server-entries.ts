import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REMOTE_IDS, type RemoteId, type RemoteServerEntry, type RemotesManifest, SSR_ENTRY_FILE } from '@linkhunt/contracts/remotes';

/** What a render worker knows of one remote: its server entry, or why it has none, and the page assets of its manifest. */
export interface ServerRemote {
  id: RemoteId;
  entry: string;
  ssrEntry: string;
  server?: RemoteServerEntry;
  error?: string;
  /** Per exposed page, from mf-manifest.json (absolute URLs): its scripts, its lazy chunks (words among them) and stylesheets. */
  assets: Map<string, { js: string[]; async: string[]; css: string[] }>;
}

const FETCH_TIMEOUT_MS = 5_000;

interface FederationManifest {
  exposes?: { path: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } } }[];
}

/** The remote's server entry: `ssrEntry` from remotes.json, else remoteEntry.ssr.js beside its entry. */
export function ssrEntryUrl(remote: { entry: string; ssrEntry?: string }): string {
  return remote.ssrEntry ?? new URL(SSR_ENTRY_FILE, remote.entry).href;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** The page assets of mf-manifest.json; a remote without one only loses its hints. */
async function pageAssets(entry: string): Promise<ServerRemote['assets']> {
  const assets: ServerRemote['assets'] = new Map();
  const manifest = (JSON.parse(await fetchText(new URL('mf-manifest.json', entry).href).catch(() => '{}')) ?? {}) as FederationManifest;
  for (const expose of manifest.exposes ?? []) {
    const url = (file: string) => new URL(file, entry).href;
    assets.set(expose.path, {
      js: expose.assets.js.sync.map(url),
      async: expose.assets.js.async.map(url),
      css: expose.assets.css.sync.map(url),
    });
  }
  return assets;
}

/**
 * Downloads each remote's server entry and imports it. The file is written under `cacheDir`, inside the shell
 * server's package, so the bare imports a server entry keeps (react, react-router, i18next...) resolve to the
 * shell's own copies: one React for the whole tree. Named by content, so a worker never imports a stale file.
 */
export async function importServerEntries(manifest: RemotesManifest, cacheDir: string): Promise<ServerRemote[]> {
  await mkdir(cacheDir, { recursive: true });
  return Promise.all(
    REMOTE_IDS.filter((id) => manifest[id]?.entry).map(async (id): Promise<ServerRemote> => {
      const { entry } = manifest[id];
      const ssrEntry = ssrEntryUrl(manifest[id]);
      const assets = await pageAssets(entry).catch((): ServerRemote['assets'] => new Map());
      try {
        const source = await fetchText(ssrEntry);
        const file = join(cacheDir, `${id}-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.mjs`);
        const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        await writeFile(temp, source);
        await rename(temp, file);
        const server = (await import(pathToFileURL(file).href)) as Partial<RemoteServerEntry>;
        if (typeof server.exposes !== 'object' || server.exposes === null) throw new Error(`${ssrEntry} exports no exposes`);
        return { id, entry, ssrEntry, server: server as RemoteServerEntry, assets };
      } catch (error) {
        return { id, entry, ssrEntry, error: error instanceof Error ? error.message : String(error), assets };
      }
    }),
  );
}
