import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RemotesFile } from './remotes-file.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'remotes-file-'));
  await writeFile(join(dir, 'remotes.json'), '{}');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const noLog = () => undefined;
/** A read-modify-write that yields between its read and its write, as a deploy does. */
async function addKey(file: RemotesFile, key: string): Promise<void> {
  await file.locked(async () => {
    const { manifest } = await file.read();
    await new Promise((resolve) => setImmediate(resolve));
    await file.write({ ...manifest, [key]: { entry: `https://cdn.example/${key}/remoteEntry.js` } } as RemotesManifest);
  });
}

describe('RemotesFile', () => {
  it('serialises read-modify-writes within one process and across two writers sharing the lock file', async () => {
    // Two instances stand for two shell processes: each has its own queue, only the lock file keeps them apart.
    const one = new RemotesFile(join(dir, 'remotes.json'), noLog);
    const two = new RemotesFile(join(dir, 'remotes.json'), noLog);
    const keys = Array.from({ length: 12 }, (_, index) => `remote-${index}`);
    await Promise.all(keys.map((key, index) => addKey(index % 2 ? one : two, key)));
    const { manifest } = await one.read();
    expect(Object.keys(manifest).sort()).toEqual([...keys].sort());
    // Nothing is left beside it: no side file, no lock.
    expect(await readdir(dir)).toEqual(['remotes.json']);
  });

  it('replaces the file whole, with dot-named side files only, and keeps the lock free after a failed write', async () => {
    const file = new RemotesFile(join(dir, 'remotes.json'), noLog);
    const seen: string[] = [];
    await file.locked(async () => {
      await file.write({ 'mf-product': { entry: 'https://cdn.example/p/remoteEntry.js' } } as RemotesManifest);
      seen.push(...(await readdir(dir)));
    });
    expect(seen.filter((name) => name !== 'remotes.json').every((name) => name.startsWith('.'))).toBe(true);
    expect(JSON.parse(await readFile(join(dir, 'remotes.json'), 'utf8'))).toEqual({ 'mf-product': { entry: 'https://cdn.example/p/remoteEntry.js' } });
    await expect(file.locked(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await addKey(file, 'after');
    expect(Object.keys((await file.read()).manifest)).toEqual(['mf-product', 'after']);
  });

  it('refuses to read a remotes.json that is not a JSON object', async () => {
    await writeFile(join(dir, 'remotes.json'), '[1]');
    await expect(new RemotesFile(join(dir, 'remotes.json'), noLog).read()).rejects.toThrow('is not a JSON object');
  });
});
