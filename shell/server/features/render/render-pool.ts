import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { REMOTE_IDS, type RemoteId, type RemotesManifest } from '@linkhunt/contracts/remotes';
import { withoutCanaries } from '../../lib/platform/visitor-remotes.ts';
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
  /**
   * The worker's old-generation heap bound. Left to itself V8 let a worker rendering a flood of unique pages grow
   * to 260 MB of mostly garbage (50–60 MB live); bounded, it collects sooner.
   */
  heapMb?: number;
  /** Workers kept besides remotes.json's, for previews; past it the least recently used one is ended. */
  extraWorkers?: number;
  /** An extra worker that rendered nothing for this long is ended at the next check. */
  extraIdleMs?: number;
  /** How long a smoke worker that passed is kept for its deploy to land (30 s). */
  warmMs?: number;
}

/** One version's worker, as a request holds it. */
export interface Renderer {
  version: string;
  manifest: RemotesManifest;
  render(request: PageRequest): Promise<RenderedPage>;
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
  private ended = false;
  /** The remotes whose server entries this worker could not import, and why. */
  failures: { remote: string; ssrEntry: string; error: string }[] = [];
  /** When a render last came to or left this worker (performance.now()), for ending idle extra workers. */
  lastUsed = performance.now();
  /** Whether it has imported its remotes: one still starting is never idle (a request is waiting for it). */
  isReady = false;
  /** Whether its thread has ended, whatever the reason. */
  exited = false;

  constructor(
    readonly version: string,
    readonly manifest: RemotesManifest,
    options: RenderPoolOptions,
    /** Called when the worker exits; a smoke worker the pool adopts gets the pool's. */
    public onExit: (generation: Generation) => void,
  ) {
    const workerData: RenderWorkerData = { manifest, distDir: options.distDir, cacheDir: options.cacheDir };
    const resourceLimits = options.heapMb ? { maxOldGenerationSizeMb: options.heapMb } : undefined;
    this.worker = new Worker(options.workerFile, { workerData, resourceLimits });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          this.failures = message.failures;
          this.isReady = true;
          this.lastUsed = performance.now();
          for (const failure of message.failures) {
            options.log(`remote ${failure.remote} (${failure.ssrEntry}) renders in the browser only: ${failure.error}`);
          }
          resolve();
          return;
        }
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        this.lastUsed = performance.now();
        if (message.type === 'rendered') waiting?.resolve(message.page);
        else waiting?.reject(new Error(message.error));
        this.endIfIdle();
      });
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => {
        this.exited = true;
        reject(new Error(`render worker exited with ${code} before it was ready`));
        for (const waiting of this.pending.values()) waiting.reject(new Error(`render worker exited with ${code}`));
        this.pending.clear();
        this.onExit(this);
      });
    });
  }

  render(request: PageRequest): Promise<RenderedPage> {
    if (this.ended || this.exited) return Promise.reject(new RenderPoolBusy(`the worker of remotes ${this.version} has ended`));
    this.lastUsed = performance.now();
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
    if (!this.retired || this.pending.size > 0 || this.ended) return;
    this.ended = true;
    void this.worker.terminate();
  }
}

/** How many smoke workers that passed wait at once for their deploy to land. */
const MAX_WARM = 2;

/**
 * The canonical version of a manifest: the same entries give the same version whatever the order of the file, so
 * a preview that overrides nothing renders on the base worker.
 */
export function manifestVersion(manifest: RemotesManifest): string {
  const canonical = REMOTE_IDS.filter((id) => manifest[id]).map((id) => [id, manifest[id].entry, manifest[id].ssrEntry ?? null]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 12);
}

/**
 * The render workers of the shell server. remotes.json is read every `watchIntervalMs`; a new version starts a
 * new worker, new requests go to it once it has imported its remotes, and the previous worker is ended when its
 * last render is sent. Node never evicts an imported module, so ending the worker is what frees a redeployed
 * remote's old code.
 *
 * A request may also ask for another manifest (a preview's): it gets a worker of its own, kept by version for
 * the next requests of that manifest, at most `extraWorkers` of them (the least recently used is ended for a new
 * one), and ended after `extraIdleMs` without a render: memory stays bounded however many previews come.
 */
export class RenderPool {
  private current: Generation | undefined;
  private starting: Generation | undefined;
  private readonly extras = new Map<string, Generation>();
  /** Smoke workers that passed, by version, for a deploy that lands to be rendered with at once. */
  private readonly warm = new Map<string, Generation>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** remotes.json as last read, by its size and time: a request only stats the file. */
  private wanted: { stamp: string; version: string; manifest: RemotesManifest } | undefined;
  private switching: Promise<void> | undefined;
  private checking: Promise<void> | undefined;

  constructor(private readonly options: RenderPoolOptions) {}

  /** Starts the first worker and the watch; resolves once the first worker is ready. */
  async start(): Promise<void> {
    await this.refresh();
    await this.switching;
    this.timer = setInterval(() => {
      void this.refresh();
      this.endIdleExtras();
    }, this.options.watchIntervalMs);
    this.timer.unref();
  }

  /** remotes.json as the pool last read it, canaries included: the base every preview and canary changes. */
  async baseManifest(): Promise<RemotesManifest | undefined> {
    await this.refresh();
    return this.wanted?.manifest;
  }

  /** Whether a page renders on the server now: the base worker has imported its remotes and has not exited. */
  get canRender(): boolean {
    return this.current !== undefined && !this.current.exited && !this.closed;
  }

  /** How many workers are alive now (the base's, one starting, the extra ones): what the soak watches. */
  get liveWorkers(): number {
    return [this.current, this.starting, ...this.extras.values(), ...this.warm.values()].filter((generation) => generation && !generation.isRetired).length;
  }

  /**
   * The worker a request made now renders with: its version of remotes.json, that manifest, and its render. The
   * page renders on that very worker, so it pins the remotes it was rendered with. An edit of remotes.json starts
   * a worker for it (checked first, so the switch begins with the next request), but while that worker imports
   * its remotes the ready worker of the version before goes on rendering: a redeploy never sends visitors pages
   * rendered in the browser only, however long the new worker takes on a loaded machine (it took over 1.5 s in
   * CI, when requests waited for it that long and then got the client-only page). Only with no ready worker at
   * all, at start or after one died, does a request wait, at most `maxWaitMs`, then reject with RenderPoolBusy.
   *
   * With `manifest` (a preview's), the worker is that manifest's: the base one when it is the same, else an extra
   * worker, started when none renders it yet (the request then waits for it, at most `maxWaitMs`).
   */
  async renderer(maxWaitMs: number, manifest?: RemotesManifest): Promise<Renderer> {
    await this.refresh();
    if (manifest && manifestVersion(manifest) !== this.wanted?.version) return this.extraRenderer(manifest, maxWaitMs);
    if (!this.current && this.switching) await bounded(this.switching, maxWaitMs);
    const generation = this.current;
    if (!generation) throw new RenderPoolBusy('no render worker is ready');
    return rendererOf(generation);
  }

  /**
   * Renders `paths` with `manifest` in a worker of their own: a deploy's smoke test. Resolves with why `remote`
   * failed (its server entry did not import, a page's render met an error or overran `budgetMs`), or undefined
   * when every page rendered. A worker that passed is kept warm for a while: when the deploy lands, remotes.json
   * is that very manifest, and the pool renders with this worker at once instead of starting another (a deploy is
   * live at the next request, not after a second worker's imports).
   */
  async smokeRender(manifest: RemotesManifest, remote: RemoteId, paths: string[], request: Omit<PageRequest, 'url'>, startMs: number): Promise<string | undefined> {
    const version = manifestVersion(manifest);
    const generation = new Generation(version, withoutCanaries(manifest), this.options, () => undefined);
    const refusal = await (async () => {
      try {
        await bounded(generation.ready, startMs, 'it was still importing its remotes');
        const failure = generation.failures.find((failed) => failed.remote === remote);
        if (failure) return `its server entry ${failure.ssrEntry} did not load: ${failure.error}`;
        for (const path of paths) {
          const began = performance.now();
          const page = await generation.render({ ...request, url: path });
          const took = performance.now() - began;
          if (page.errors.length > 0) return `${path} did not render on the server: ${page.errors[0]}`;
          if (took > request.budgetMs) return `${path} took ${Math.round(took)} ms to render, over the ${request.budgetMs} ms budget`;
        }
        return undefined;
      } catch (error) {
        return `its scratch render worker failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    })();
    if (refusal !== undefined || this.closed) await generation.worker.terminate();
    else this.keepWarm(generation);
    return refusal;
  }

  /** Keeps a smoke worker that passed for `warmMs`, at most MAX_WARM of them, for switchTo to adopt. */
  private keepWarm(generation: Generation): void {
    this.warm.get(generation.version)?.retire();
    this.warm.set(generation.version, generation);
    while (this.warm.size > MAX_WARM) {
      const [oldest, ended] = this.warm.entries().next().value as [string, Generation];
      this.warm.delete(oldest);
      ended.retire();
    }
    setTimeout(() => {
      if (this.warm.get(generation.version) !== generation) return;
      this.warm.delete(generation.version);
      generation.retire();
    }, this.options.warmMs ?? 30_000).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all([this.current, this.starting, ...this.extras.values(), ...this.warm.values()].map((generation) => generation?.worker.terminate()));
    this.extras.clear();
    this.warm.clear();
  }

  private async extraRenderer(manifest: RemotesManifest, maxWaitMs: number): Promise<Renderer> {
    if (this.closed) throw new RenderPoolBusy('the pool is closed');
    const version = manifestVersion(manifest);
    let generation = this.extras.get(version);
    if (generation) {
      // Most recently used last: the map's first entry is the one to end when room is needed.
      this.extras.delete(version);
      this.extras.set(version, generation);
    } else {
      const cap = this.options.extraWorkers ?? 0;
      if (cap === 0) throw new RenderPoolBusy('no render workers are kept for previews');
      while (this.extras.size >= cap) {
        const [oldest, ended] = this.extras.entries().next().value as [string, Generation];
        this.extras.delete(oldest);
        ended.retire();
      }
      const started = new Generation(version, manifest, this.options, (exited) => {
        if (this.extras.get(version) === exited) this.extras.delete(version);
      });
      this.extras.set(version, started);
      started.ready.catch((error: unknown) => this.options.log(`render worker for previewed remotes ${version} failed to start: ${String(error)}`));
      generation = started;
      this.options.log(`render worker started for previewed remotes ${version}`);
    }
    generation.lastUsed = performance.now();
    await bounded(generation.ready, maxWaitMs, 'the previewed remotes are still being imported');
    return rendererOf(generation);
  }

  /** Extra workers unused for `extraIdleMs` are ended (each once its renders under way are sent). */
  private endIdleExtras(): void {
    const idleMs = this.options.extraIdleMs;
    if (idleMs === undefined) return;
    const now = performance.now();
    for (const [version, generation] of this.extras) {
      if (!generation.isReady || now - generation.lastUsed < idleMs) continue;
      this.extras.delete(version);
      generation.retire();
      this.options.log(`render worker for previewed remotes ${version} ended: unused for ${Math.round(idleMs / 1000)} s`);
    }
  }

  /**
   * Reads remotes.json when its stamp changed, and starts a worker for its version unless one renders it or is
   * starting for it. Decided from the file every time, so no interleaving of edits and starts leaves a stale
   * version rendering.
   */
  private refresh(): Promise<void> {
    // Requests at once share one check (a stat per request queued behind compressions in libuv's thread pool).
    this.checking ??= this.check().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async check(): Promise<void> {
    const file = `${this.options.distDir}/remotes.json`;
    const info = await stat(file).catch(() => undefined);
    const stamp = info ? `${info.size}:${info.mtimeMs}:${info.ino}` : '';
    if (stamp !== this.wanted?.stamp) {
      try {
        const manifest = JSON.parse(await readFile(file, 'utf8')) as RemotesManifest;
        this.wanted = { stamp, version: manifestVersion(manifest), manifest };
      } catch (error) {
        this.options.log(`remotes.json could not be read: ${String(error)}`);
        return;
      }
    }
    const { version, manifest } = this.wanted;
    if (this.closed || version === this.current?.version || version === this.starting?.version) return;
    const switching = this.switchTo(version, manifest)
      .catch((error: unknown) => this.options.log(`render worker for remotes ${version} failed to start: ${String(error)}`))
      .finally(() => {
        if (this.switching === switching) this.switching = undefined;
      });
    this.switching = switching;
  }

  private async switchTo(version: string, manifest: RemotesManifest): Promise<void> {
    // Everyone outside the canaries renders with the base entries; a canary's visitors get a worker of their own.
    // A deploy's smoke worker for this very version is ready already.
    const warm = this.warm.get(version);
    this.warm.delete(version);
    if (warm) warm.onExit = (ended) => this.onExit(ended);
    const generation = warm && !warm.isRetired && !warm.exited ? warm : new Generation(version, withoutCanaries(manifest), this.options, (ended) => this.onExit(ended));
    this.starting?.retire();
    this.starting = generation;
    try {
      await generation.ready;
    } finally {
      if (this.starting === generation) this.starting = undefined;
    }
    // A newer edit started another worker meanwhile, or this one is no longer wanted: it never renders.
    if (version !== this.wanted?.version) return generation.retire();
    const previous = this.current;
    this.current = generation;
    previous?.retire();
    this.options.log(`rendering with remotes ${version}`);
  }

  /** A worker that dies while current is replaced by a fresh one at the next request or check. */
  private onExit(generation: Generation): void {
    if (this.closed || generation.isRetired || this.current !== generation) return;
    this.current = undefined;
    this.options.log(`render worker for remotes ${generation.version} exited; starting another`);
    void this.refresh();
  }
}

const rendererOf = (generation: Generation): Renderer => ({
  version: generation.version,
  manifest: generation.manifest,
  render: (request) => generation.render(request),
});

/** The pool could not render in time (no worker ready yet, or the one it had ended): the page renders in the browser. */
export class RenderPoolBusy extends Error {
  override name = 'RenderPoolBusy';
}

function bounded(promise: Promise<void>, ms: number, what = 'remotes.json is still being taken up'): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderPoolBusy(`${what} after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
