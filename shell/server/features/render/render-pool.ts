import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import type { MainMessage, PageRequest, RenderedPage, WorkerMessage } from './page-request.ts';
import type { RenderWorkerData } from './render-worker.ts';

export interface RenderPoolOptions {
  /** The built render-worker.js. */
  workerFile: URL;
  /** The shell's built folder: index.html, and remotes.json, watched. */
  distDir: string;
  /** Where workers keep the remotes' server entries they download (inside the shell server's package). */
  cacheDir: string;
  /** How often remotes.json is read for a change. */
  watchIntervalMs: number;
  log: (message: string) => void;
}

interface Pending {
  resolve: (page: RenderedPage) => void;
  reject: (error: Error) => void;
}

/** One worker, rendering with one version of remotes.json. */
class Generation {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private retired = false;

  constructor(
    readonly version: string,
    readonly manifest: RemotesManifest,
    options: RenderPoolOptions,
    onExit: (generation: Generation) => void,
  ) {
    const workerData: RenderWorkerData = { manifest, distDir: options.distDir, cacheDir: options.cacheDir };
    this.worker = new Worker(options.workerFile, { workerData });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          for (const failure of message.failures) {
            options.log(`remote ${failure.remote} (${failure.ssrEntry}) renders in the browser only: ${failure.error}`);
          }
          resolve();
          return;
        }
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.type === 'rendered') waiting?.resolve(message.page);
        else waiting?.reject(new Error(message.error));
        this.endIfIdle();
      });
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => {
        reject(new Error(`render worker exited with ${code} before it was ready`));
        for (const waiting of this.pending.values()) waiting.reject(new Error(`render worker exited with ${code}`));
        this.pending.clear();
        onExit(this);
      });
    });
  }

  render(request: PageRequest): Promise<RenderedPage> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'render', id, request } satisfies MainMessage);
    });
  }

  /** Ends the worker once the renders it has started are sent: a page never hydrates against two versions. */
  retire(): void {
    this.retired = true;
    this.endIfIdle();
  }

  get isRetired(): boolean {
    return this.retired;
  }

  private endIfIdle(): void {
    if (this.retired && this.pending.size === 0) void this.worker.terminate();
  }
}

/**
 * The render workers of the shell server. remotes.json is read every `watchIntervalMs`; a new version starts a
 * new worker, new requests go to it once it has imported its remotes, and the previous worker is ended when its
 * last render is sent. Node never evicts an imported module, so ending the worker is what frees a redeployed
 * remote's old code.
 */
export class RenderPool {
  private current: Generation | undefined;
  private starting: Generation | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** remotes.json's size and time as last read: a request only stats the file. */
  private stamp = '';
  private switching: Promise<void> | undefined;

  constructor(private readonly options: RenderPoolOptions) {}

  /** Starts the first worker and the watch; resolves once the first worker is ready. */
  async start(): Promise<void> {
    await this.refresh();
    await this.switching;
    this.timer = setInterval(() => void this.refresh(), this.options.watchIntervalMs);
    this.timer.unref();
  }

  /**
   * The version of remotes.json a request made now renders with, and its manifest: an edit made before the
   * request is taken up first (a redeploy shows on the next page load), waiting at most `maxWaitMs` for the new
   * worker to import its remotes. Rejects with RenderPoolBusy past that, and when no worker is up.
   */
  async version(maxWaitMs: number): Promise<{ version: string; manifest: RemotesManifest }> {
    await this.refresh();
    if (this.switching) await bounded(this.switching, maxWaitMs);
    if (!this.current) throw new RenderPoolBusy('no render worker is up');
    return { version: this.current.version, manifest: this.current.manifest };
  }

  async render(request: PageRequest): Promise<RenderedPage> {
    const generation = this.current;
    if (!generation) throw new RenderPoolBusy('no render worker is up');
    return generation.render(request);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all([this.current, this.starting].map((generation) => generation?.worker.terminate()));
  }

  /** Reads remotes.json when its stamp changed, and starts a worker for a new version. */
  private async refresh(): Promise<void> {
    const file = `${this.options.distDir}/remotes.json`;
    const info = await stat(file).catch(() => undefined);
    const stamp = info ? `${info.size}:${info.mtimeMs}:${info.ino}` : '';
    if (stamp === this.stamp || this.closed) return;
    this.stamp = stamp;
    const switching = this.check(file)
      .catch((error: unknown) => {
        this.stamp = ''; // read it again next time
        this.options.log(`remotes.json could not be taken up: ${String(error)}`);
      })
      .finally(() => {
        if (this.switching === switching) this.switching = undefined;
      });
    this.switching = switching;
  }

  private async check(file: string): Promise<void> {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as RemotesManifest;
    const version = createHash('sha256').update(JSON.stringify(manifest)).digest('base64url').slice(0, 12);
    if (version === this.current?.version) return;
    await this.switchTo(version, manifest);
  }

  private async switchTo(version: string, manifest: RemotesManifest): Promise<void> {
    const generation = new Generation(version, manifest, this.options, (ended) => this.onExit(ended, manifest));
    this.starting?.retire();
    this.starting = generation;
    await generation.ready;
    if (this.starting !== generation) return generation.retire();
    this.starting = undefined;
    const previous = this.current;
    this.current = generation;
    previous?.retire();
    this.options.log(`rendering with remotes ${version}`);
  }

  /** A worker that dies while current is replaced by a fresh one for the same remotes. */
  private onExit(generation: Generation, manifest: RemotesManifest): void {
    if (this.closed || generation.isRetired || this.current !== generation) return;
    this.current = undefined;
    this.options.log(`render worker for remotes ${generation.version} exited; starting another`);
    this.switching = this.switchTo(generation.version, manifest).catch((error: unknown) => this.options.log(`no render worker: ${String(error)}`));
  }
}

/** The pool could not render in time (a worker still importing a redeployed remote): the page renders in the browser. */
export class RenderPoolBusy extends Error {
  override name = 'RenderPoolBusy';
}

function bounded(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderPoolBusy(`remotes.json is still being taken up after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
