import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { BOOT_STATE_ID, type BootState } from '@linkhunt/contracts/ssr';
import { readStack } from './stack.ts';

/**
 * How long the shell server may take to start rendering with an edited remotes.json or a preview's (a new render
 * worker imports the remotes; a preview's page asked for meanwhile waits 5 s for it, then renders in the browser).
 */
const TAKE_UP_TIMEOUT_MS = 20_000;

/** The remotes.json the shell is served with now. */
export async function readRemotes(): Promise<RemotesManifest> {
  return JSON.parse(await readFile(readStack().remotesFile, 'utf8')) as RemotesManifest;
}

/**
 * Replaces the served remotes.json and resolves once the shell server renders pages with it. The server takes an
 * edit up in the background (a new render worker imports the remotes) and renders with the version before until
 * then, so a test that went on at once could meet either version.
 */
export async function writeRemotes(manifest: RemotesManifest): Promise<void> {
  await writeAtomically(readStack().remotesFile, `${JSON.stringify(manifest, null, 2)}\n`);
  await untilRenderedWith(manifest);
}

/**
 * Waits until a page of the shell server pins `manifest`, the remotes.json it was rendered with: for the base, or
 * for a visitor whose request carries `headers` (a preview's).
 */
export async function untilRenderedWith(manifest: RemotesManifest, headers: Record<string, string> = {}): Promise<void> {
  const deadline = Date.now() + TAKE_UP_TIMEOUT_MS;
  const pattern = new RegExp(`<script type="application/json" id="${BOOT_STATE_ID}">(.*?)</script>`, 's');
  for (;;) {
    const html = await (await fetch(`${readStack().shellUrl}/es/about`, { headers })).text();
    const boot = pattern.exec(html)?.[1];
    if (boot && isDeepStrictEqual((JSON.parse(boot) as BootState).remotes, manifest)) return;
    if (Date.now() > deadline) throw new Error(`the shell server did not render with ${JSON.stringify(manifest)} within ${TAKE_UP_TIMEOUT_MS} ms`);
    await sleep(50);
  }
}

/**
 * Runs `fn` with remotes.json changed by `edit` (which returns a new manifest or changes the one it gets),
 * then puts the original file back, byte for byte, whether `fn` passed or threw. Each change is waited for
 * until the shell server renders with it (writeRemotes).
 */
export async function withRemotes<T>(
  edit: (manifest: RemotesManifest) => RemotesManifest | undefined,
  fn: () => Promise<T> | T,
): Promise<T> {
  const file = readStack().remotesFile;
  const original = await readFile(file, 'utf8');
  const manifest = JSON.parse(original) as RemotesManifest;
  await writeRemotes(edit(manifest) ?? manifest);
  try {
    return await fn();
  } finally {
    await writeAtomically(file, original);
    await untilRenderedWith(JSON.parse(original) as RemotesManifest);
  }
}

/** Written aside then renamed over, so the server never reads half a file (the dot keeps it from being served). */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  await writeFile(temp, text);
  await rename(temp, file);
}
