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
  /**
   * Per exposed page, from mf-manifest.json (absolute URLs): its scripts, its lazy chunks (words among them) and
   * stylesheets, with their text when it could be read (the page then carries it inline).
   */
  assets: Map<string, { js: string[]; async: string[]; css: { href: string; text?: string }[] }>;
}

/** A remote that does not hand over its server entry by then renders in the browser (as it would anyway if it hangs). */
/**
 * A render worker's first try at a remote: short, because a new remotes.json waits on it (render-pool.ts). A
 * remote that misses it renders in the browser until a later try in the background brings its server entry.
 */
const FIRST_TRY_TIMEOUT_MS = 500;
/** The tries after that, in the background. */
export const RETRY_TIMEOUT_MS = 5_000;

interface FederationManifest {
  exposes?: { path: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } } }[];
}

/** The remote's server entry: `ssrEntry` from remotes.json, else remoteEntry.ssr.js beside its entry. */
export function ssrEntryUrl(remote: { entry: string; ssrEntry?: string }): string {
  return remote.ssrEntry ?? new URL(SSR_ENTRY_FILE, remote.entry).href;
}

/**
 * The text at `url`, or a rejection once `timeoutMs` has passed, whatever fetch does. Node 20's fetch (undici) left a
 * body read pending for ever when the timeout fired after the headers had come, now and then, on a loaded machine
 * (two shell servers starting while an API seeded): the worker never became ready and the server never listened.
 * The timeout's own event ends the wait instead.
 */
async function fetchText(url: string, timeoutMs: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  const read = (async () => {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.text();
  })();
  const timedOut = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
  // Whichever loses the race settles later, or never: nobody waits for it.
  read.catch(() => undefined);
  timedOut.catch(() => undefined);
  return Promise.race([read, timedOut]);
}

/** The page assets of mf-manifest.json; a remote without one only loses its hints. */
async function pageAssets(entry: string, timeoutMs: number): Promise<ServerRemote['assets']> {
  const assets: ServerRemote['assets'] = new Map();
  const manifest = (JSON.parse(await fetchText(new URL('mf-manifest.json', entry).href, timeoutMs).catch(() => '{}')) ?? {}) as FederationManifest;
  const styles = new Map<string, Promise<string | undefined>>();
  const styleText = (href: string) => {
    let text = styles.get(href);
    if (!text) styles.set(href, (text = fetchText(href, timeoutMs).catch(() => undefined)));
    return text;
  };
  for (const expose of manifest.exposes ?? []) {
    const url = (file: string) => new URL(file, entry).href;
    assets.set(expose.path, {
      js: expose.assets.js.sync.map(url),
      async: expose.assets.js.async.map(url),
      css: await Promise.all(expose.assets.css.sync.map(url).map(async (href) => ({ href, text: await styleText(href) }))),
    });
  }
  return assets;
}

/**
 * Downloads a remote's server entry and imports it, with its page assets. The file is written under `cacheDir`,
 * inside the shell server's package, so the bare imports a server entry keeps (react, react-router, i18next...)
 * resolve to the shell's own copies: one React for the whole tree. Named by content, so a worker never imports
 * a stale file. Never rejects: a remote it cannot load comes back with its `error`.
 */
export async function importServerEntry(id: RemoteId, remote: { entry: string; ssrEntry?: string }, cacheDir: string, timeoutMs: number): Promise<ServerRemote> {
  const { entry } = remote;
  const ssrEntry = ssrEntryUrl(remote);
  const [assets, server] = await Promise.all([
    pageAssets(entry, timeoutMs).catch((): ServerRemote['assets'] => new Map()),
    (async () => {
      const source = await fetchText(ssrEntry, timeoutMs);
      const file = join(cacheDir, `${id}-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.mjs`);
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await mkdir(cacheDir, { recursive: true });
      await writeFile(temp, source);
      await rename(temp, file);
      const module = (await import(pathToFileURL(file).href)) as Partial<RemoteServerEntry>;
      if (typeof module.exposes !== 'object' || module.exposes === null) throw new Error(`${ssrEntry} exports no exposes`);
      return module as RemoteServerEntry;
    })().then(
      (loaded) => ({ server: loaded }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    ),
  ]);
  return { id, entry, ssrEntry, assets, ...server };
}

/** Every remote of a remotes.json, at once (importServerEntry). */
export function importServerEntries(manifest: RemotesManifest, cacheDir: string): Promise<ServerRemote[]> {
  return Promise.all(REMOTE_IDS.filter((id) => manifest[id]?.entry).map((id) => importServerEntry(id, manifest[id], cacheDir, FIRST_TRY_TIMEOUT_MS)));
}
