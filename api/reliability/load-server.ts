import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/test/free-port.js';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const testDatabaseScript = join(apiRoot, 'scripts/test-database.mjs');

/** A database made for one load pass and thrown away after it. */
export interface LoadDatabase {
  name: 'sqlite' | 'postgres';
  url: string;
  drop(): void;
}

export function freshSqlite(): LoadDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'linkhunt-load-'));
  return { name: 'sqlite', url: `sqlite:${join(dir, 'load.sqlite')}`, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A new database on the PostgreSQL server that `serverUrl` points at (any database on it will do to
 * connect), made and dropped by the same script the test run uses; never the database `serverUrl` names.
 */
export function freshPostgres(serverUrl: string): LoadDatabase {
  const env = { ...process.env, PG_SERVER_URL: serverUrl };
  const url = execFileSync(process.execPath, [testDatabaseScript, 'create'], { env, encoding: 'utf8' }).trim();
  return {
    name: 'postgres',
    url,
    drop: () => void execFileSync(process.execPath, [testDatabaseScript, 'drop', url], { env, stdio: 'inherit' }),
  };
}

export interface RunningApi {
  baseUrl: URL;
  /** How the server was started: the build, or the sources through tsx when there is no build. */
  from: 'dist' | 'src';
  /** The last lines the server printed, for the report when something failed. */
  log(): string;
  stop(): Promise<number | null>;
}

/**
 * The real API as its own process, as it is deployed: demo data seeded into the empty database, rate limits
 * at their defaults, behind a proxy on loopback (TRUST_PROXY), so each simulated client is one address.
 */
export async function startApi(database: LoadDatabase): Promise<RunningApi> {
  const port = await freePort();
  const imageDir = mkdtempSync(join(tmpdir(), 'linkhunt-load-images-'));
  const built = join(apiRoot, 'dist/server.js');
  const from = existsSync(built) ? 'dist' : 'src';
  const args = from === 'dist' ? [built] : ['--conditions=source', '--import', 'tsx', join(apiRoot, 'src/server.ts')];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    IMAGE_DIR: imageDir,
    SEED_DEMO: 'true',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, args, { cwd: apiRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = new URL(`http://127.0.0.1:${port}`);
  try {
    await waitUntilReady(baseUrl, child, exited);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    rmSync(imageDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${lines.join('\n')}`);
  }
  return {
    baseUrl,
    from,
    log: () => lines.join('\n'),
    async stop() {
      // The graceful path: in-flight requests finish and the database is closed before the process exits.
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(imageDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Seeding runs before the server listens, so the first answer from /ready means it is seeded and reachable. */
async function waitUntilReady(baseUrl: URL, child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the API exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(new URL('/ready', baseUrl), { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the API was not ready within 120 s');
}
