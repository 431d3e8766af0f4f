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

/**
 * How long a render worker waits for one remote's files, every try. A worker about to replace another renders
 * nothing until it is ready, the one before rendering meanwhile (render-pool.ts), so waiting costs no visitor a
 * page; a remote that hands over nothing by then is taken as hung: its area renders in the browser, and it is tried
 * again in the background. It was a first try of 500 ms, which a freshly deployed remote missed on a loaded machine
 * (its server compressing each file on its first request): its pages then rendered in the browser for seconds.
 * Under the 5 s a preview's first request waits for its worker, so a hung previewed remote still gets that page
 * rendered on the server, with the area's fallback.
 */
export const IMPORT_TIMEOUT_MS = 4_000;

interface FederationManifest {
  exposes?: { path: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } } }[];
}

/** The remote's server entry: `ssrEntry` from remotes.json, else remoteEntry.ssr.js beside its entry. */
export function ssrEntryUrl(remote: { entry: string; ssrEntry?: string }): string {
  return remote.ssrEntry ?? new URL(SSR_ENTRY_FILE, remote.entry).href;
}

/**
 * The text at `url`, or a rejection once `signal` aborts, whatever fetch does. Node 20's fetch (undici) left a
 * body read pending for ever when the timeout fired after the headers had come, now and then, on a loaded machine
 * (two shell servers starting while an API seeded): the worker never became ready and the server never listened.
 * The timeout's own event ends the wait instead.
 */
async function fetchText(url: string, signal: AbortSignal): Promise<string> {
  const read = (async () => {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.text();
  })();
  const timedOut = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    else signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
  // Whichever loses the race settles later, or never: nobody waits for it.
  read.catch(() => undefined);
  timedOut.catch(() => undefined);
  return Promise.race([read, timedOut]);
}

/** The page assets of mf-manifest.json; a remote without one only loses its hints. */
async function pageAssets(entry: string, signal: AbortSignal): Promise<ServerRemote['assets']> {
  const assets: ServerRemote['assets'] = new Map();
  const manifest = (JSON.parse(await fetchText(new URL('mf-manifest.json', entry).href, signal).catch(() => '{}')) ?? {}) as FederationManifest;
  const styles = new Map<string, Promise<string | undefined>>();
  const styleText = (href: string) => {
    let text = styles.get(href);
    if (!text) styles.set(href, (text = fetchText(href, signal).catch(() => undefined)));
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
 * a stale file. Every file of it shares one deadline, `timeoutMs`. Never rejects: a remote it cannot load comes back
 * with its `error`.
 */
export async function importServerEntry(id: RemoteId, remote: { entry: string; ssrEntry?: string }, cacheDir: string, timeoutMs: number): Promise<ServerRemote> {
  const { entry } = remote;
  const ssrEntry = ssrEntryUrl(remote);
  const signal = AbortSignal.timeout(timeoutMs);
  const [assets, server] = await Promise.all([
    pageAssets(entry, signal).catch((): ServerRemote['assets'] => new Map()),
    (async () => {
      const source = await fetchText(ssrEntry, signal);
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
  return Promise.all(REMOTE_IDS.filter((id) => manifest[id]?.entry).map((id) => importServerEntry(id, manifest[id], cacheDir, IMPORT_TIMEOUT_MS)));
}
