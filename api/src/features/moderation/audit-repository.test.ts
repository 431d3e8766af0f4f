import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.js';
import { createAdmin } from '../admin/create-admin.js';
import { auditEntries, hide, productHidden, setRole, STATEMENT } from '../admin/moderation-test-kit.js';

let t: TestApp;
let admin: RegisteredUser;
let moderator: RegisteredUser;
let user: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  admin = await registerUser(t);
  await createAdmin(t.app.db, { email: admin.email });
  moderator = await registerUser(t);
  await setRole(t, moderator.id, 'moderator');
  user = await registerUser(t);
});
afterAll(() => t.close());

describe('the audit log', () => {
  it(`is append-only: the database refuses to change or delete an entry (${testDialect})`, async () => {
    const product = await uploadProduct(t, user.token, { title: 'Logged Forever' });
    expect((await hide(t, moderator.token, product.id)).status).toBe(200);
    const before = await t.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);

    await expect(t.app.db.updateTable('audit_log').set({ actor_username: 'someone_else' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.app.db.updateTable('audit_log').set({ details: null }).where('target_id', '=', product.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('audit_log').where('target_id', '=', product.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    expect(await t.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('keeps an action and its entry together: when the entry cannot be written, the action is not done', async () => {
    const product = await uploadProduct(t, user.token, { title: 'Unloggable Product' });
    // A stand-in for any failure of the insert: the action's transaction must roll back with it.
    if (testDialect === 'postgres') {
      await sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`.execute(t.app.db);
      await sql.raw(`create trigger refuse_audit before insert on audit_log for each row when (new.target_id = ${product.id}) execute function refuse_audit()`).execute(t.app.db);
    } else {
      await sql.raw(`create trigger refuse_audit before insert on audit_log when new.target_id = ${product.id} begin select raise(abort, 'audit refused'); end`).execute(t.app.db);
    }
    try {
      const res = await hide(t, moderator.token, product.id);
      expect(res.status).toBe(500);
      expect(await productHidden(t, product.id)).toBe(0);
      expect(await t.app.db.selectFrom('moderation_decisions').select('id').where('product_id', '=', product.id).execute()).toEqual([]);
    } finally {
      await sql`drop trigger refuse_audit${sql.raw(testDialect === 'postgres' ? ' on audit_log' : '')}`.execute(t.app.db);
    }
    expect((await hide(t, moderator.token, product.id)).status).toBe(200);
  });

  it('lists entries newest first, filtered by action, actor, target type and target', async () => {
    const product = await uploadProduct(t, user.token, { title: 'Filtered Product' });
    const target = await registerUser(t);
    expect((await hide(t, moderator.token, product.id)).status).toBe(200);
    expect((await t.request('POST', `/admin/products/${product.id}/unhide`, { token: admin.token })).status).toBe(200);
    expect((await t.request('POST', `/admin/users/${target.id}/suspend`, { token: moderator.token, json: { reason: STATEMENT } })).status).toBe(200);
    expect((await t.request('POST', `/admin/users/${target.id}/role`, { token: admin.token, json: { role: 'moderator' } })).status).toBe(200);

    const all = await auditEntries(t, moderator.token, 'per_page=50');
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    expect(all.slice(0, 4).map((e) => e.action)).toEqual(['role.grant', 'user.suspend', 'product.unhide', 'product.hide']);
    for (const entry of all) expect(Number.isNaN(Date.parse(entry.created_at))).toBe(false);

    expect((await auditEntries(t, moderator.token, 'action=product.unhide&per_page=50')).every((e) => e.action === 'product.unhide')).toBe(true);
    const byAdmin = await auditEntries(t, moderator.token, `actor=${admin.username.toUpperCase()}&per_page=50`);
    expect(byAdmin.length).toBeGreaterThanOrEqual(2);
    expect(byAdmin.every((e) => e.actor.id === admin.id)).toBe(true);
    expect((await auditEntries(t, moderator.token, `actor=%40${moderator.username}&per_page=50`)).every((e) => e.actor.id === moderator.id)).toBe(true);
    const aboutUser = await auditEntries(t, moderator.token, `target_type=user&target_id=${target.id}`);
    expect(aboutUser.map((e) => [e.action, e.target_label, e.details])).toEqual([
      ['role.grant', `@${target.username}`, 'moderator'],
      ['user.suspend', `@${target.username}`, STATEMENT],
    ]);
    // A target's label is its name at the time of the action, so the log still reads after a rename.
    await t.app.db.updateTable('products').set({ title: 'Renamed Later' }).where('id', '=', product.id).execute();
    const aboutProduct = await auditEntries(t, moderator.token, `target_type=product&target_id=${product.id}`);
    expect(aboutProduct.map((e) => e.target_label)).toEqual(['Filtered Product', 'Filtered Product']);

    const page = await t.request('GET', '/admin/audit?per_page=2&page=2', { token: moderator.token });
    expect(page.body.results.data).toHaveLength(2);
    expect(page.body.results.meta.pagination).toMatchObject({ current_page: 2, per_page: 2, count: 2 });
    expect((await t.request('GET', '/admin/audit?action=product.delete', { token: moderator.token })).status).toBe(422);
  });
});
