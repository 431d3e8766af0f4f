import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect.js';
import { createPostgresTestDatabase, testDialect } from '../test/test-app.js';

const run = promisify(execFile);
const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'linkhunt-create-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('admin:create makes an admin whose address counts as verified, and marks a promoted account verified too', async () => {
  const databaseUrl = testDialect === 'postgres' ? await createPostgresTestDatabase() : `sqlite:${join(dir, 'db.sqlite')}`;
  const cli = (...args: string[]) =>
    run(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/cli/create-admin.ts', ...args], {
      cwd: apiRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: 'a long admin password' },
    });
  const created = await cli('--email', 'root@example.com', '--username', 'root');
  expect(created.stdout).toMatch(/^Created admin root/);

  const { db } = connectDatabase(databaseUrl, { poolSize: 1 });
  try {
    const admin = await db.selectFrom('users').select(['role', 'email_verified_at']).where('email', '=', 'root@example.com').executeTakeFirstOrThrow();
    expect(admin.role).toBe('admin');
    expect(admin.email_verified_at).not.toBeNull();

    await db.insertInto('users').values({ username: 'later', email: 'later@example.com', password_hash: 'x', name: 'later' }).execute();
    await cli('--email', 'later@example.com');
    const promoted = await db.selectFrom('users').select(['role', 'email_verified_at']).where('email', '=', 'later@example.com').executeTakeFirstOrThrow();
    expect(promoted).toMatchObject({ role: 'admin' });
    expect(promoted.email_verified_at).not.toBeNull();
  } finally {
    await db.destroy();
  }
}, 60_000);
