import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModeratedUser } from '@linkhunt/contracts/moderation';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { createAdmin } from './create-admin.js';
import { auditEntries, hide, productHidden, setRole } from './moderation-test-kit.js';

let mailbox: TestMailbox;
let t: TestApp;
let admin: RegisteredUser;
let moderator: RegisteredUser;

beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ mailUrl: mailbox.url });
  await insertTaxonomy(t);
  admin = await registerUser(t);
  await createAdmin(t.app.db, { email: admin.email });
  moderator = await registerUser(t);
  await setRole(t, moderator.id, 'moderator');
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const REASON = 'Repeated uploads of counterfeit goods after two warnings.';
const suspend = (id: number, token: string, reason = REASON) => t.request('POST', `/admin/users/${id}/suspend`, { token, json: { reason } });
const restore = (id: number, token: string) => t.request('POST', `/admin/users/${id}/restore`, { token });
const setRoleOf = (id: number, token: string, role: string) => t.request('POST', `/admin/users/${id}/role`, { token, json: { role } });
const login = (u: RegisteredUser) => t.request('POST', '/auth/login', { json: { email: u.email, password: u.password } });
const listed = async (path: string) => ((await t.request('GET', path)).body.results.data as { id: number }[]).map((p) => p.id);
const userAudit = (id: number) => auditEntries(t, admin.token, `target_type=user&target_id=${id}`);

describe('suspend and restore', () => {
  it('suspends: every session is dead, sign-in is refused with the reason, the visible products are hidden, the user is mailed, one audit entry', async () => {
    const target = await registerUser(t);
    await t.app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', target.id).execute();
    const second = (await login(target)).body.token.accessToken as string;
    const shown = await uploadProduct(t, target.token, { title: 'Shown Until Suspended' });
    const alsoShown = await uploadProduct(t, target.token, { title: 'Also Shown' });
    const moderated = await uploadProduct(t, target.token, { title: 'Hidden By A Moderator' });
    expect((await hide(t, moderator.token, moderated.id)).status).toBe(200);
    expect(await listed('/products/recents')).toEqual(expect.arrayContaining([shown.id, alsoShown.id]));

    const res = await suspend(target.id, moderator.token, `  ${REASON}  `);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Account suspended');
    const data = res.body.results.data as ModeratedUser;
    expect(data).toMatchObject({ id: target.id, username: target.username, suspension_reason: REASON, products: 3, role: 'user' });
    expect(Number.isNaN(Date.parse(data.suspended_at ?? ''))).toBe(false);

    for (const token of [target.token, second]) {
      expect((await t.request('GET', '/auth/check', { token })).status).toBe(401);
      expect((await t.request('POST', `/products/${shown.id}/favourite`, { token })).status).toBe(401);
    }
    const signIn = await login(target);
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toContain(REASON);
    const live = await t.app.db.selectFrom('access_tokens').select('id').where('user_id', '=', target.id).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);

    expect(await listed('/products/recents')).not.toEqual(expect.arrayContaining([shown.id]));
    expect(await listed('/products/recents')).not.toContain(alsoShown.id);
    expect(await productHidden(t, shown.id)).toBe(1);

    const mail = await mailbox.waitFor(target.email, /suspendu/);
    expect(mail.subject).toBe('Ton compte Linkhunt a été suspendu');
    expect(mail.text).toContain(REASON);
    expect(mail.links).toContain(`${t.config.siteUrl}/fr/contact`);
    const [entry] = await userAudit(target.id);
    expect(entry).toMatchObject({ action: 'user.suspend', actor: { id: moderator.id }, target_type: 'user', target_label: `@${target.username}`, details: REASON });

    expect((await suspend(target.id, moderator.token)).status).toBe(409);
    expect(await userAudit(target.id)).toHaveLength(1);

    // Restoring brings back exactly what the suspension hid: not the product a moderator hid for its own reasons.
    const back = await restore(target.id, moderator.token);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ message: 'Account restored', results: { data: { id: target.id, suspended_at: null, suspension_reason: null } } });
    expect([await productHidden(t, shown.id), await productHidden(t, alsoShown.id), await productHidden(t, moderated.id)]).toEqual([0, 0, 1]);
    expect(await listed('/products/recents')).toEqual(expect.arrayContaining([shown.id, alsoShown.id]));
    expect((await login(target)).status).toBe(200);
    // The old sessions stay dead: restoring does not revive tokens.
    expect((await t.request('GET', '/auth/check', { token: target.token })).status).toBe(401);
    const restored = await mailbox.waitFor(target.email, /de nouveau actif/);
    expect(restored.links).toContain(`${t.config.siteUrl}/fr/auth`);
    expect((await userAudit(target.id)).map((e) => e.action)).toEqual(['user.restore', 'user.suspend']);
    expect((await restore(target.id, moderator.token)).status).toBe(409);
  });

  it('keeps a product a moderator unhid during the suspension visible, and one hidden again by a moderator hidden, after restoring', async () => {
    const target = await registerUser(t);
    const unhid = await uploadProduct(t, target.token, { title: 'Unhid During Suspension' });
    const rehidden = await uploadProduct(t, target.token, { title: 'Hidden Again During Suspension' });
    expect((await suspend(target.id, admin.token)).status).toBe(200);
    expect((await t.request('POST', `/admin/products/${unhid.id}/unhide`, { token: moderator.token })).status).toBe(200);
    expect((await hide(t, moderator.token, rehidden.id)).status).toBe(200);
    expect((await restore(target.id, admin.token)).status).toBe(200);
    expect([await productHidden(t, unhid.id), await productHidden(t, rehidden.id)]).toEqual([0, 1]);
  });

  it('lets a moderator act on ordinary accounts only, and nobody on an admin or on their own account', async () => {
    const otherModerator = await registerUser(t);
    await setRole(t, otherModerator.id, 'moderator');
    const refusals: [number, string][] = [
      [otherModerator.id, moderator.token],
      [admin.id, moderator.token],
      [moderator.id, moderator.token],
      [admin.id, admin.token],
    ];
    for (const [id, token] of refusals) {
      const res = await suspend(id, token);
      expect(res.status, `suspend ${id}`).toBe(403);
      expect(res.body.message).toBeTruthy();
      expect((await restore(id, token)).status, `restore ${id}`).toBe(403);
    }
    const row = await t.app.db.selectFrom('users').select('suspended_at').where('id', 'in', [otherModerator.id, admin.id, moderator.id]).execute();
    expect(row.every((r) => r.suspended_at === null)).toBe(true);
    expect(await userAudit(otherModerator.id)).toEqual([]);

    // An admin may suspend a moderator, whose moderator token then dies with the rest.
    expect((await suspend(otherModerator.id, admin.token)).status).toBe(200);
    expect((await t.request('GET', '/admin/reports', { token: otherModerator.token })).status).toBe(401);
    expect((await restore(otherModerator.id, admin.token)).status).toBe(200);
  });

  it('answers 404 for an unknown account and 422 for a reason too short', async () => {
    expect((await suspend(999999, moderator.token)).status).toBe(404);
    expect((await restore(999999, moderator.token)).status).toBe(404);
    const target = await registerUser(t);
    const short = await suspend(target.id, moderator.token, 'spam');
    expect(short.status).toBe(422);
    expect(short.body.errors.reason).toBeDefined();
    expect((await t.request('GET', '/auth/check', { token: target.token })).status).toBe(200);
  });
});

describe('roles', () => {
  it('lets an admin grant and remove the moderator role, each with an audit entry', async () => {
    const target = await registerUser(t);
    expect((await t.request('GET', '/admin/reports', { token: target.token })).status).toBe(403);

    const granted = await setRoleOf(target.id, admin.token, 'moderator');
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ message: 'Moderator role granted', results: { data: { id: target.id, role: 'moderator' } } });
    expect((await t.request('GET', '/admin/reports', { token: target.token })).status).toBe(200);
    expect((await t.request('GET', '/auth/check', { token: target.token })).body.user.data.role).toBe('moderator');
    expect((await setRoleOf(target.id, admin.token, 'moderator')).status).toBe(409);
    // Still not an admin: a new moderator cannot hand the role on.
    expect((await setRoleOf(moderator.id, target.token, 'user')).status).toBe(403);

    const revoked = await setRoleOf(target.id, admin.token, 'user');
    expect(revoked.status).toBe(200);
    expect(revoked.body.results.data.role).toBe('user');
    expect((await t.request('GET', '/admin/reports', { token: target.token })).status).toBe(403);

    const entries = await userAudit(target.id);
    expect(entries.map((e) => [e.action, e.details, e.target_label])).toEqual([
      ['role.revoke', 'user', `@${target.username}`],
      ['role.grant', 'moderator', `@${target.username}`],
    ]);
  });

  it('refuses an admin\'s own role, another admin\'s, the admin role itself, and any role change by a moderator', async () => {
    const otherAdmin = await registerUser(t);
    await createAdmin(t.app.db, { email: otherAdmin.email });
    expect((await setRoleOf(admin.id, admin.token, 'user')).status).toBe(403);
    expect((await setRoleOf(otherAdmin.id, admin.token, 'moderator')).status).toBe(403);
    expect((await setRoleOf(moderator.id, admin.token, 'admin')).status).toBe(422);
    const target = await registerUser(t);
    expect((await setRoleOf(target.id, moderator.token, 'moderator')).status).toBe(403);
    expect((await setRoleOf(999999, admin.token, 'moderator')).status).toBe(404);
    const roles = await t.app.db.selectFrom('users').select(['id', 'role']).where('id', 'in', [admin.id, otherAdmin.id, moderator.id, target.id]).orderBy('id').execute();
    expect(roles.map((r) => r.role)).toEqual(['admin', 'moderator', 'admin', 'user']);
    expect(await userAudit(target.id)).toEqual([]);
  });
});

describe('GET /admin/users', () => {
  it('finds accounts by part of a username, display name or address, newest first, and by status', async () => {
    const found = await registerUser(t, `Needle_${Date.now() % 10000}`);
    const percent = await registerUser(t);
    await t.app.db.updateTable('users').set({ name: 'Has 100% Cotton' }).where('id', '=', percent.id).execute();
    await uploadProduct(t, found.token);

    const search = async (query: string) => {
      const res = await t.request('GET', `/admin/users?${query}`, { token: moderator.token });
      expect(res.status).toBe(200);
      return res.body.results.data as ModeratedUser[];
    };
    const [hit] = await search('q=needle_');
    expect(hit).toMatchObject({ id: found.id, username: found.username, email: found.email, role: 'user', verified: true, suspended_at: null, products: 1 });
    expect((await search(`q=${encodeURIComponent(`@${found.username.toUpperCase()}`)}`)).map((u) => u.id)).toEqual([found.id]);
    expect((await search(`q=${encodeURIComponent(found.email.split('@')[0] ?? '')}`)).map((u) => u.id)).toEqual([found.id]);
    // LIKE's wildcards are matched as themselves.
    expect((await search('q=%25')).map((u) => u.id)).toEqual([percent.id]);
    expect((await search('q=100%25%20cotton')).map((u) => u.id)).toEqual([percent.id]);

    const all = await search('per_page=50');
    expect(all.map((u) => u.id)).toEqual([...all.map((u) => u.id)].sort((a, b) => b - a));
    await suspend(found.id, moderator.token);
    expect((await search('status=suspended&per_page=50')).map((u) => u.id)).toContain(found.id);
    expect((await search('status=active&per_page=50')).map((u) => u.id)).not.toContain(found.id);
    expect((await t.request('GET', '/admin/users?status=gone', { token: moderator.token })).status).toBe(422);
  });
});
