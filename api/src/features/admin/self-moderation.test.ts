import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { createAdmin } from './create-admin.js';
import { auditEntries, hide, productHidden, reportAsVisitor, setRole } from './moderation-test-kit.js';

/**
 * Issue 25, finding 4: a moderator unhid their own product after an admin hid it, and decided their own
 * appeal. Nobody acts on their own product or account in moderation, admins included: another moderator
 * or an admin must.
 */
let mailbox: TestMailbox;
let t: TestApp;
let admin: RegisteredUser;
let moderator: RegisteredUser;
let colleague: RegisteredUser;

beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ mailUrl: mailbox.url, trustProxy: TRUSTED_LOOPBACK });
  await insertTaxonomy(t);
  admin = await registerUser(t);
  await createAdmin(t.app.db, { email: admin.email });
  moderator = await registerUser(t);
  await setRole(t, moderator.id, 'moderator');
  colleague = await registerUser(t);
  await setRole(t, colleague.id, 'moderator');
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const APPEAL = 'The link goes to the official store; here is the invoice number 4411.';
const DECISION = 'We checked the invoice and the store it names.';
const act = (token: string, productId: number, action: 'unhide' | 'dismiss', language = 'en') =>
  t.request('POST', `/admin/products/${productId}/${action}`, { token, headers: { 'accept-language': language } });
const decide = (token: string, appealId: number, outcome: 'upheld' | 'reversed') =>
  t.request('POST', `/admin/appeals/${appealId}/decide`, { token, json: { outcome, statement: DECISION } });

async function appealAgainstHiding(owner: RegisteredUser, productId: number): Promise<number> {
  const res = await t.request('POST', `/products/${productId}/appeal`, { token: owner.token, json: { text: APPEAL } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = await t.app.db.selectFrom('appeals').select('id').where('product_id', '=', productId).where('status', '=', 'open').executeTakeFirstOrThrow();
  return row.id;
}
const appealStatus = async (id: number) => (await t.app.db.selectFrom('appeals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const openReports = async (productId: number) =>
  (await t.app.db.selectFrom('reports').select('id').where('product_id', '=', productId).where('status', '=', 'open').execute()).length;

function expectOwnProductRefusal(res: { status: number; body: { message?: string; code?: string } }, label: string): void {
  expect(res.status, label).toBe(403);
  expect(res.body, label).toMatchObject({ code: 'moderation.own_product', message: 'You cannot decide on your own product: another moderator or an admin must.' });
}

describe('no judge in their own cause', () => {
  it('refuses a moderator hiding, unhiding and dismissing the reports of their own product; another moderator or an admin may', async () => {
    const product = await uploadProduct(t, moderator.token, { title: 'Moderator Own Sneaker' });
    await reportAsVisitor(t, { id: product.id, details: 'counterfeit' });

    expectOwnProductRefusal(await hide(t, moderator.token, product.id), 'hide');
    expectOwnProductRefusal(await act(moderator.token, product.id, 'dismiss'), 'dismiss');
    expect([await productHidden(t, product.id), await openReports(product.id)]).toEqual([0, 1]);

    // The finding: an admin hides it, its uploader (a moderator) makes it visible again.
    expect((await hide(t, admin.token, product.id)).status).toBe(200);
    expectOwnProductRefusal(await act(moderator.token, product.id, 'unhide'), 'unhide');
    expect(await productHidden(t, product.id)).toBe(1);
    expect((await auditEntries(t, admin.token, `target_id=${product.id}`)).map((e) => `${e.action} ${e.actor.id}`)).toEqual([`product.hide ${admin.id}`]);

    expect((await act(colleague.token, product.id, 'unhide')).status).toBe(200);
    await reportAsVisitor(t, { id: product.id, details: 'still counterfeit' });
    expect((await act(colleague.token, product.id, 'dismiss')).status).toBe(200);
  });

  it('refuses a moderator deciding the appeal against the hiding of their own product, either way', async () => {
    const product = await uploadProduct(t, moderator.token, { title: 'Moderator Appealed Sneaker' });
    expect((await hide(t, colleague.token, product.id)).status).toBe(200);
    const appealId = await appealAgainstHiding(moderator, product.id);

    for (const outcome of ['reversed', 'upheld'] as const) expectOwnProductRefusal(await decide(moderator.token, appealId, outcome), outcome);
    expect([await appealStatus(appealId), await productHidden(t, product.id)]).toEqual(['open', 1]);

    expect((await decide(colleague.token, appealId, 'reversed')).status).toBe(200);
    expect([await appealStatus(appealId), await productHidden(t, product.id)]).toEqual(['reversed', 0]);
  });

  it('refuses an admin too: on their own product and their own appeal, a moderator decides', async () => {
    const product = await uploadProduct(t, admin.token, { title: 'Admin Own Sneaker' });
    await reportAsVisitor(t, { id: product.id, details: 'counterfeit' });
    expectOwnProductRefusal(await hide(t, admin.token, product.id), 'hide');
    expectOwnProductRefusal(await act(admin.token, product.id, 'dismiss'), 'dismiss');

    expect((await hide(t, moderator.token, product.id)).status).toBe(200);
    expectOwnProductRefusal(await act(admin.token, product.id, 'unhide'), 'unhide');
    const appealId = await appealAgainstHiding(admin, product.id);
    expectOwnProductRefusal(await decide(admin.token, appealId, 'reversed'), 'decide');
    expect([await appealStatus(appealId), await productHidden(t, product.id)]).toEqual(['open', 1]);
    expect((await decide(moderator.token, appealId, 'upheld')).status).toBe(200);
  });

  it('answers in the moderator\'s language', async () => {
    const product = await uploadProduct(t, moderator.token, { title: 'Moderator Spanish Sneaker' });
    await reportAsVisitor(t, { id: product.id });
    const res = await act(moderator.token, product.id, 'dismiss', 'es');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'moderation.own_product', message: 'No puedes decidir sobre tu propio producto: debe hacerlo otro moderador o un administrador.' });
  });

  it('refuses suspending or restoring one\'s own account, moderator or admin', async () => {
    for (const user of [moderator, admin]) {
      for (const action of ['suspend', 'restore']) {
        const res = await t.request('POST', `/admin/users/${user.id}/${action}`, { token: user.token, json: { reason: 'Acting on my own account for a test.' } });
        expect(res.status, `${action} ${user.id}`).toBe(403);
        expect(res.body.code).toBe('moderation.own_account');
      }
    }
    const rows = await t.app.db.selectFrom('users').select('suspended_at').where('id', 'in', [moderator.id, admin.id]).execute();
    expect(rows.every((r) => r.suspended_at === null)).toBe(true);
  });
});
