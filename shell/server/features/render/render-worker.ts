import { parentPort, workerData } from 'node:worker_threads';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { IMPORT_TIMEOUT_MS, importServerEntries, importServerEntry, type ServerRemote } from '../../lib/remotes/import-server-entries.ts';
import { serverRemotes } from '../../lib/remotes/server-remotes.ts';
import { readDocumentTemplate } from './document-template.ts';
import type { MainMessage, WorkerMessage } from './page-request.ts';
import { type RenderContext, renderPage } from './render-page.tsx';

/**
 * A render worker: one version of remotes.json, its remotes' server entries imported once. Node never unloads
 * an imported module, so a new version gets a new worker and this one is ended (render-pool.ts): memory stays
 * bounded however often remotes are redeployed.
 */
export interface RenderWorkerData {
  manifest: RemotesManifest;
  distDir: string;
  cacheDir: string;
}

const FIRST_RETRY_DELAY_MS = 5_000;
const MAX_RETRY_DELAY_MS = 60_000;

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');
const { manifest, distDir, cacheDir } = workerData as RenderWorkerData;
const post = (message: WorkerMessage) => port.postMessage(message);

// Listening before the imports holds the worker open while they run: a server entry may await what keeps no event
// loop alive (an unref'd timer, a loader step), and with nothing else pending Node ended the worker with code 13 (a
// top-level await left unsettled) before it was ready. Renders are asked for only after 'ready'; any earlier
// message waits for the context.
let resolveContext!: (context: RenderContext) => void;
const contextReady = new Promise<RenderContext>((resolve) => (resolveContext = resolve));
port.on('message', (message: MainMessage) => {
  void contextReady
    .then((context) => renderPage(message.request, context))
    .then(
      (page) => post({ type: 'rendered', id: message.id, page }),
      (error: unknown) => post({ type: 'failed', id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
});

const remotes = await importServerEntries(manifest, cacheDir);
for (const remote of remotes) if (remote.server) serverRemotes().set(remote.id, remote.server);

/** A remote that did not load is tried again in the background, less and less often, until it loads. */
function retry(failed: ServerRemote, delayMs: number): void {
  setTimeout(() => {
    void importServerEntry(failed.id, manifest[failed.id], cacheDir, IMPORT_TIMEOUT_MS).then((again) => {
      if (!again.server) return retry(failed, Math.min(delayMs * 2, MAX_RETRY_DELAY_MS));
      serverRemotes().set(again.id, again.server);
      remotes[remotes.indexOf(failed)] = again;
      console.error(`linkhunt render: ${again.id} renders on the server again (${again.ssrEntry})`);
    });
  }, delayMs).unref();
}
for (const remote of remotes) if (remote.error) retry(remote, FIRST_RETRY_DELAY_MS);
const template = readDocumentTemplate(distDir);
const reported = new Set<string>();
const context: RenderContext = {
  manifest,
  remotes,
  template,
  onRenderError(error: unknown) {
    // Once per worker, which is once per version of the remotes: a broken remote must not flood the log.
    const text = error instanceof Error ? error.message : String(error);
    if (reported.has(text)) return;
    reported.add(text);
    console.error(`linkhunt render: an area will render in the browser: ${text}`);
  },
};

resolveContext(context);
post({
  type: 'ready',
  failures: remotes.flatMap(({ id, ssrEntry, error }) => (error ? [{ remote: id, ssrEntry, error }] : [])),
});
