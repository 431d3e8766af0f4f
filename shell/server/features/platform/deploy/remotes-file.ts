import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { lock } from 'proper-lockfile';

/** remotes.json as read: its bytes, and the manifest they hold. */
export interface RemotesSnapshot {
  text: string;
  manifest: RemotesManifest;
}

/**
 * The shell's remotes.json as the platform writes it: one writer at a time, both within this process (a queue)
 * and across shell processes sharing the folder (a lock file, by proper-lockfile: a directory made atomically,
 * kept fresh while held and taken over once stale, so a crashed holder does not block deploys for ever). A write
 * goes to a file beside it and is renamed over it, so a reader (the render pool, a browser) sees the old file or
 * the new one, never half of one. The side files have dot-names: the static site never serves them.
 */
export class RemotesFile {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly lockPath: string;

  constructor(
    readonly path: string,
    private readonly log: (message: string) => void,
  ) {
    this.lockPath = join(dirname(path), `.${basename(path)}.lock`);
  }

  async read(): Promise<RemotesSnapshot> {
    const text = await readFile(this.path, 'utf8');
    const manifest = JSON.parse(text) as unknown;
    if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) throw new Error(`${this.path} is not a JSON object`);
    return { text, manifest: manifest as RemotesManifest };
  }

  /** Runs `work` holding the write lock; the next waiting writer starts when it settles. */
  locked<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const release = await lock(this.path, {
        lockfilePath: this.lockPath,
        realpath: false,
        stale: 10_000,
        retries: { retries: 100, minTimeout: 20, maxTimeout: 250 },
        // proper-lockfile's default throws from a timer, which would end the server.
        onCompromised: (error) => this.log(`the remotes.json lock was lost while held: ${error.message}`),
      });
      try {
        return await work();
      } finally {
        await release().catch((error: unknown) => this.log(`the remotes.json lock could not be released: ${String(error)}`));
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Replaces the file atomically; call it within `locked`. Resolves once the new file is in place and on disk. */
  async write(manifest: RemotesManifest): Promise<void> {
    const temp = join(dirname(this.path), `.${basename(this.path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      const handle = await open(temp, 'w');
      try {
        await handle.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}
