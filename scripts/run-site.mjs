// @ts-check
// The end of `npm start`: the built site on its default ports, until Ctrl-C.
import { resolve } from 'node:path';
import { DEFAULT_PORTS, ROOT, startSite } from './site.mjs';

// The same defaults as the API's own config, so `npm start` keeps the database earlier runs made.
const databaseUrl = process.env.DATABASE_URL || `sqlite:${resolve(ROOT, 'api/data/linkhunt.sqlite')}`;
const imageDir = resolve(ROOT, process.env.IMAGE_DIR || 'api/data/images');

// What a deployment sets for its public address is kept (startSite adds the site's own origins to CORS_ORIGINS).
/** @type {Record<string, string>} */
const apiEnv = {};
for (const name of ['PUBLIC_URL', 'CORS_ORIGINS', 'SITE_URL', 'MAIL_URL', 'MAIL_FROM']) {
  const value = process.env[name];
  if (value) apiEnv[name] = value;
}

// Resolved here so the folder printed below is the one the API writes to, whatever its working directory.
const mailOutbox = resolve(ROOT, process.env.MAIL_OUTBOX || 'api/data/outbox');
apiEnv.MAIL_OUTBOX = mailOutbox;

console.log('Starting Linkhunt (the first start seeds demo data; this takes a few seconds)...');
/** @type {import('./site.mjs').Site} */
let site;
try {
  site = await startSite({
    apiPort: DEFAULT_PORTS.api,
    shellPort: DEFAULT_PORTS.shell,
    remotePorts: DEFAULT_PORTS.remotes,
    databaseUrl,
    imageDir,
    // Served as built: its config.json and remotes.json already name the default ports.
    shellDir: resolve(ROOT, 'shell/dist'),
    seed: process.env.SEED_DEMO !== 'false',
    host: process.env.HOST || '127.0.0.1',
    log: (line) => console.log(line),
    apiEnv,
  });
} catch (error) {
  console.error(`\nLinkhunt could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const mail = process.env.MAIL_URL ? 'sent through MAIL_URL' : `written as .eml files to ${mailOutbox}`;
console.log(`
  Linkhunt is running: ${site.urls.shell}/es/index
  API:                 ${site.urls.api} (docs: ${site.urls.api}/docs)
  Mail:                ${mail}
  Press Ctrl-C to stop.
`);

let stopping = false;
/** @param {number} code */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await site.stop();
  process.exit(code);
}

// SIGHUP too: a closed terminal must not leave the API running.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    // A second Ctrl-C means now.
    if (stopping) process.exit(1);
    console.log('\nStopping Linkhunt...');
    void shutdown(0);
  });
}

void site.apiExit.then(({ code, signal }) => {
  if (stopping) return;
  console.error(`\nThe API stopped unexpectedly (${signal ?? `code ${code}`}): stopping the site.`);
  void shutdown(1);
});
