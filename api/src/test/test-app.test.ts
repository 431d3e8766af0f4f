import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from './test-app.js';

// Test files run in parallel workers. On PostgreSQL, Kysely's migrator reads the catalogue of every
// schema it can see, so a file whose database another file can see fails when that file drops its own.
describe.runIf(testDialect === 'postgres')('test databases on PostgreSQL', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it('are invisible to each other', async () => {
    apps.push(...(await Promise.all([createTestApp(), createTestApp()])));
    const tables = await apps[1]?.app.db.introspection.getTables({ withInternalKyselyTables: true });
    const users = tables?.filter((table) => table.name === 'users');
    expect(users).toHaveLength(1);
  });
});
