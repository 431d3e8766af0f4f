import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { prepareShellDir, REMOTE_IDS, remotesManifest, ROOT, startSite } from '../../../scripts/site.mjs';
import { startFakePlatforms } from '../../../api/src/test/fake-platforms.ts';
import { dailyDocument, startFakeEcb } from '../../../api/src/test/fake-ecb.ts';
import { addCredential } from '../../../shell/server/lib/platform/credentials.ts';
import { E2E_ADMIN, E2E_RATES } from '../support/demo.ts';
import { startMailbox } from '../support/mailbox.ts';
import { E2E_API_URL, E2E_PORTS, E2E_SHELL_URL, STACK_ENV, STAND_IN_REMOTE_PORTS, type Stack } from './stack.ts';

declare global {
  // On globalThis, not in a module variable: teardown may load this file as a module instance of its own.
  var linkhuntE2eTeardown: (() => Promise<void>) | undefined;
}

/** Suites register users and post reviews from one address far faster than the production limits allow. */
const RELAXED_RATE_LIMITS = Object.fromEntries(
  ['LOGIN', 'REGISTER', 'REPORT', 'VISIT', 'CONTACT'].map((name) => [`RATE_LIMIT_${name}`, process.env[`RATE_LIMIT_${name}`] ?? '1000']),
);

/**
 * What a preview may name: the stack's remotes and the ports suites serve stand-ins on, as `localhost` and as
 * `127.0.0.1` (both name the same server; a suite may use either).
 */
const REMOTE_ALLOWLIST = [...Object.values(E2E_PORTS.remotes), ...STAND_IN_REMOTE_PORTS]
  .flatMap((port) => [`http://localhost:${port}/`, `http://127.0.0.1:${port}/`])
  .join(',');

/**
 * Starts the built site on the e2e ports: a fresh seeded SQLite database and image folder and a copy of
 * shell/dist pointed at those ports, all in a temporary folder.
 */
export default async function globalSetup(): Promise<void> {
  const tempDir = await mkdtemp(join(tmpdir(), 'linkhunt-e2e-'));
  const shellDir = join(tempDir, 'shell');
  const databaseUrl = `sqlite:${join(tempDir, 'linkhunt.sqlite')}`;
  const imageDir = join(tempDir, 'images');
  const apiLog = join(ROOT, '.test-results/e2e-api.log');
  await mkdir(dirname(apiLog), { recursive: true });
  const logStream = createWriteStream(apiLog);
  const mailDir = join(tempDir, 'mail');
  // Suites stage a remote's version or fault for themselves with a preview (harness/previews.ts), asked for
  // with the credential CI would hold; the signing key is known, so a suite can sign an expired token too.
  const platformStateDir = join(tempDir, 'platform');
  const platformSecret = await addCredential(platformStateDir, 'e2e-ci', ['*']);
  const previewSecret = randomBytes(32).toString('base64url');
  const mailbox = await startMailbox(mailDir);
  // The stores the link checker reaches (the network here is loopback only); the demo catalogue's made-up
  // product pages answer as product pages, so only a suite's own dead links are ever hidden.
  const stores = await startFakePlatforms({ otherPaths: 'product' });
  // The reference rates the API fetches (never the ECB itself): other than the table it ships with, so the suites
  // see the fetched ones.
  const ecb = await startFakeEcb({ status: 200, body: dailyDocument(E2E_RATES.date, E2E_RATES.rates) });
  const storesCa = join(tempDir, 'fake-stores-ca.pem');
  await writeFile(storesCa, stores.caPem);

  try {
    await prepareShellDir({
      from: join(ROOT, 'shell/dist'),
      to: shellDir,
      apiUrl: E2E_API_URL,
      siteUrl: E2E_SHELL_URL,
      remotes: remotesManifest(E2E_PORTS.remotes),
    });
    const site = await startSite({
      apiPort: E2E_PORTS.api,
      shellPort: E2E_PORTS.shell,
      remotePorts: E2E_PORTS.remotes,
      databaseUrl,
      imageDir,
      shellDir,
      seed: true,
      log: (line) => logStream.write(`${line}\n`),
      apiEnv: {
        ...RELAXED_RATE_LIMITS,
        MAIL_URL: mailbox.url,
        SITE_URL: E2E_SHELL_URL,
        E2E_FAKE_STORES_PORT: String(stores.port),
        E2E_FAKE_STORES_CA: storesCa,
        // Two gone checks 2 s apart hide a product, so the suite sees an automatic hide within seconds.
        LINK_CHECK_CONFIRM_HOURS: String(2 / 3600),
        LINK_CHECK_HOST_DELAY_MS: '20',
        RATES_URL: ecb.url,
      },
      apiNodeArgs: ['--import', join(ROOT, 'tests-e2e/src/harness/fake-stores-route.mjs')],
      // The sitemap suite sees an upload and a hide within seconds.
      shellEnv: { SITEMAP_CACHE_SECONDS: '1', PLATFORM_STATE_DIR: platformStateDir, REMOTE_ALLOWLIST, PREVIEW_SECRET: previewSecret },
    });

    // The API fetches the rates at start without holding back /ready: the suites start once it has them.
    await waitForFetchedRates(site.urls.api);

    // An admin, made the way an operator makes one, so suites can hide a product as moderation does.
    await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'api/dist/cli/create-admin.js'), '--email', E2E_ADMIN.email, '--username', E2E_ADMIN.username],
      { env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: E2E_ADMIN.password } },
    );

    const stack: Stack = {
      shellUrl: site.urls.shell,
      apiUrl: site.urls.api,
      shellDir,
      remotesFile: join(shellDir, 'remotes.json'),
      configFile: join(shellDir, 'config.json'),
      remotes: Object.fromEntries(
        REMOTE_IDS.map((id) => [id, { url: site.urls.remotes[id], port: E2E_PORTS.remotes[id], dir: join(ROOT, id, 'dist') }]),
      ) as Stack['remotes'],
      tempDir,
      databaseUrl,
      imageDir,
      shellPid: site.shellPid ?? 0,
      apiLog,
      mailDir,
      platformSecret,
      previewSecret,
    };
    const stackFile = join(tempDir, 'stack.json');
    await writeFile(stackFile, `${JSON.stringify(stack, null, 2)}\n`);
    process.env[STACK_ENV] = stackFile;

    globalThis.linkhuntE2eTeardown = async () => {
      await site.stop();
      await stores.close();
      await ecb.close();
      await mailbox.close();
      logStream.end();
      await rm(tempDir, { recursive: true, force: true });
    };
  } catch (error) {
    await stores.close();
    await ecb.close();
    await mailbox.close();
    logStream.end();
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/** Waits (up to 20 s) until GET /rates serves fetched rates rather than the shipped table. */
async function waitForFetchedRates(apiUrl: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await fetch(`${apiUrl}/rates`);
    const { results } = (await response.json()) as { results: { data: { fetched_at: string | null } } };
    if (results.data.fetched_at !== null) return;
    if (Date.now() > deadline) throw new Error('the API did not fetch the reference rates from the fake ECB within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
