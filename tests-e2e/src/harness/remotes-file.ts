import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { readStack } from './stack.ts';

/** The remotes.json the shell is served with now. */
export async function readRemotes(): Promise<RemotesManifest> {
  return JSON.parse(await readFile(readStack().remotesFile, 'utf8')) as RemotesManifest;
}

/** Replaces the served remotes.json; the next page load (it is served no-cache) sees it. */
export async function writeRemotes(manifest: RemotesManifest): Promise<void> {
  await writeAtomically(readStack().remotesFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Runs `fn` with remotes.json changed by `edit` (which returns a new manifest or changes the one it gets),
 * then puts the original file back, byte for byte, whether `fn` passed or threw.
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
  }
}

/** Written aside then renamed over, so the server never reads half a file (the dot keeps it from being served). */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  await writeFile(temp, text);
  await rename(temp, file);
}
