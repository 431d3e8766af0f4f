import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect.js';
import { createPostgresTestDatabase, testDialect } from '../test/test-app.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'linkhunt-readme-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The README's command for making an admin, word by word as a shell splits it (it quotes only with '...'). */
function readmeAdminCommand(): string[] {
  const line = readFileSync(join(root, 'README.md'), 'utf8')
    .split('\n')
    .find((l) => l.includes(' admin:create '));
  if (!line) throw new Error('the README no longer shows the admin:create command');
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
}

it("the README's admin:create command works exactly as written (through pnpm, which passes `--` on)", async () => {
  // It runs the built command (api/dist), as the README's does: `npm test` builds before the tests run.
  expect(existsSync(join(root, 'api/dist/cli/create-admin.js')), 'api/dist is not built').toBe(true);
  const words = readmeAdminCommand();
  expect(words.slice(0, 6)).toEqual(['npx', '-y', 'pnpm@10.34.8', '--filter', '@linkhunt/api', 'admin:create']);
  const email = words[words.indexOf('--email') + 1];
  const username = words[words.indexOf('--username') + 1];
  const databaseUrl = testDialect === 'postgres' ? await createPostgresTestDatabase() : `sqlite:${join(dir, 'db.sqlite')}`;
  const [command = '', ...args] = words;
  const { stdout } = await run(command, args, { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } });
  expect(stdout).toContain(`Created admin ${username}`);

  const { db } = connectDatabase(databaseUrl, { poolSize: 1 });
  try {
    const admin = await db.selectFrom('users').select(['username', 'role']).where('email', '=', email ?? '').executeTakeFirstOrThrow();
    expect(admin).toEqual({ username, role: 'admin' });
  } finally {
    await db.destroy();
  }
}, 120_000);
