// Builds the API on a throwaway in-memory SQLite database (no network, no Redis, no listening port), writes its
// OpenAPI document (what /docs/json serves) to a file and lints it with Spectral against api/.spectral.yaml. Any
// warning fails the run. `--out FILE` keeps the document there; otherwise it goes to a temporary folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string' } } });

const scratch = mkdtempSync(join(tmpdir(), 'linkhunt-openapi-'));
const documentFile = values.out ?? join(scratch, 'openapi.json');
let status = 1;
try {
  const defaults = loadConfig({});
  const config = {
    ...defaults,
    imageDir: join(scratch, 'images'),
    mailUrl: '',
    mailOutbox: join(scratch, 'outbox'),
    seedDemo: false,
    logLevel: 'silent',
    linkCheck: { ...defaults.linkCheck, enabled: false },
    rates: { ...defaults.rates, url: '' },
  };
  const database = connectDatabase('sqlite::memory:');
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.ready();
    writeFileSync(documentFile, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
    await database.db.destroy();
  }
  const spectral = join(apiRoot, 'node_modules/.bin/spectral');
  const ruleset = join(apiRoot, '.spectral.yaml');
  const lint = spawnSync(spectral, ['lint', documentFile, '--ruleset', ruleset, '--fail-severity=warn'], { stdio: 'inherit' });
  if (lint.error) throw lint.error;
  status = lint.status ?? 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = status;
