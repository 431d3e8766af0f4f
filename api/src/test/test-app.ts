import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type BuildOptions, buildApp } from '../app.js';
import type { App } from '../app-types.js';
import { type Config, loadConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';
import { testDatabasePrefix } from './test-databases.js';

/**
 * A real API on a real database for one test file. TEST_DB=postgres runs it on the PostgreSQL at
 * TEST_DATABASE_URL, in a database of its own that is dropped after the run; otherwise on a fresh SQLite
 * database. Images go to a temporary folder.
 */
export interface TestApp {
  app: App;
  config: Config;
  /** http://127.0.0.1:<port> of the listening server. */
  baseUrl: string;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, else the text. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the API answered
  body: any;
}

export const testDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * `shared`: an instance on a database other instances use too (see openSharedTestDatabase); else a fresh database of its own.
 * `build`: what buildApp takes besides the config (the link checker's route to a fake store).
 */
export async function createTestApp(overrides: Partial<Config> = {}, shared?: SharedTestDatabase, build: Pick<BuildOptions, 'linkCheckDispatcher' | 'logStream'> = {}): Promise<TestApp> {
  const imageDir = mkdtempSync(join(tmpdir(), 'linkhunt-images-'));
  // Mail a test does not read (startTestMailbox for those that do) goes to a folder removed with the app. Not
  // inside the image folder: a registration's mail, written after its answer, landed there while the upload
  // tests compared the image folder before and after a refused upload (failed 1 run in 6 alongside the
  // product tests).
  const mailOutbox = mkdtempSync(join(tmpdir(), 'linkhunt-outbox-'));
  const generous = { max: 10_000, timeWindow: 60_000 };
  const config: Config = {
    ...loadConfig({}),
    imageDir,
    mailUrl: '',
    mailOutbox,
    seedDemo: false,
    logLevel: 'silent',
    rateLimits: { login: generous, register: generous, report: generous, visit: generous, download: generous, contact: generous },
    // Tests upload and review freely; the tests of these daily limits pass the defaults back in.
    dailyUploadLimit: generous.max,
    dailyReviewLimit: generous.max,
    dailyPhotoLimit: generous.max,
    // The network here reaches only loopback; the link-health tests turn the checker on against a fake store.
    linkCheck: { ...loadConfig({}).linkCheck, enabled: false },
    // Never the real ECB: the rates tests serve their own documents (features/prices), the others use the shipped rates.
    rates: { ...loadConfig({}).rates, url: '' },
    ...overrides,
  };
  const { handle, drop } = shared ? shared.connect() : await openTestDatabase();
  const app = await buildApp(config, { ...build, database: handle, logger: build.logStream !== undefined });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  return {
    app,
    config,
    baseUrl,
    request: (method, path, options) => sendRequest(baseUrl, method, path, options),
    async close() {
      await app.close();
      await drop();
      rmSync(imageDir, { recursive: true, force: true });
      rmSync(mailOutbox, { recursive: true, force: true });
    },
  };
}

/** One request to an API at `baseUrl` (the test app's, or a server process's). */
export async function sendRequest(baseUrl: string, method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
}

interface OpenDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

async function openTestDatabase(): Promise<OpenDatabase> {
  const handle = connectDatabase(testDialect === 'postgres' ? await createPostgresTestDatabase() : 'sqlite::memory:', { poolSize: 4 });
  return { handle, drop: () => handle.db.destroy() };
}

/**
 * A database of this run's on the PostgreSQL at TEST_DATABASE_URL; its URL. A database, not a schema, per
 * file: Kysely's migrator reads the catalogue of every schema it can see, and fails when another file drops
 * its schema in the middle of that read. The global teardown drops these databases once every file has
 * closed its connections.
 */
export async function createPostgresTestDatabase(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const target = new URL(url);
  target.pathname = `/${testDatabasePrefix(url)}${randomBytes(4).toString('hex')}`;
  const admin = connectDatabase(url, { poolSize: 1 });
  await sql`create database ${sql.id(target.pathname.slice(1))}`.execute(admin.db);
  await admin.db.destroy();
  return target.toString();
}

/** One database for several API instances, each opening a connection of its own, as separate processes do. */
export interface SharedTestDatabase {
  connect(): OpenDatabase;
  /** After every instance on it is closed. */
  close(): Promise<void>;
}

/** SQLite in a temporary file (an in-memory database belongs to one connection); PostgreSQL as for one app. */
export async function openSharedTestDatabase(): Promise<SharedTestDatabase> {
  const dir = testDialect === 'sqlite' ? mkdtempSync(join(tmpdir(), 'linkhunt-shared-db-')) : null;
  const url = dir ? `sqlite:${join(dir, 'db.sqlite')}` : await createPostgresTestDatabase();
  return {
    connect() {
      const handle = connectDatabase(url, { poolSize: 4 });
      return { handle, drop: () => handle.db.destroy() };
    },
    async close() {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
