import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '@linkhunt/contracts/moderation';
import type { OwnProduct } from '@linkhunt/contracts/product';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { auditEntries, hide, productHidden, reportAsVisitor, setRole, STATEMENT } from '../admin/moderation-test-kit.js';

let mailbox: TestMailbox;
let t: TestApp;
let moderator: RegisteredUser;
let owner: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ mailUrl: mailbox.url, trustProxy: TRUSTED_LOOPBACK });
  await insertTaxonomy(t);
  moderator = await registerUser(t);
  await setRole(t, moderator.id, 'moderator');
  owner = await registerUser(t);
  await t.app.db.updateTable('users').set({ language: 'en' }).where('id', '=', owner.id).execute();
  other = await registerUser(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const APPEAL = 'The link goes to the official store; here is the invoice number 4411.';
const appeal = (productId: number, token: string | undefined, text = APPEAL) => t.request('POST', `/products/${productId}/appeal`, { token, json: { text } });
const decide = (appealId: number, outcome: 'upheld' | 'reversed', statement = 'We checked the invoice you sent and the store it names.') =>
  t.request('POST', `/admin/appeals/${appealId}/decide`, { token: moderator.token, json: { outcome, statement } });

async function myProduct(productId: number): Promise<OwnProduct | undefined> {
  const res = await t.request('GET', '/auth/products?per_page=50', { token: owner.token });
  expect(res.status).toBe(200);
  return (res.body.results.data as OwnProduct[]).find((p) => p.id === productId);
}
async function queueItem(productId: number): Promise<QueueItem | undefined> {
  const res = await t.request('GET', '/admin/reports?per_page=50', { token: moderator.token });
  return (res.body.results.data as QueueItem[]).find((item) => item.product.id === productId);
}

describe('"My products" and a moderator\'s decision', () => {
  it('shows no notice on a visible product, nor on one hidden by other means, and the statement once a moderator hides it', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Notice Sneaker' });
    expect((await myProduct(product.id))?.moderation).toBeNull();
    await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', product.id).execute();
    expect((await myProduct(product.id))?.moderation).toBeNull();
    await t.app.db.updateTable('products').set({ hidden: 0 }).where('id', '=', product.id).execute();

    expect((await hide(t, moderator.token, product.id)).status).toBe(200);
    const mine = await myProduct(product.id);
    expect(mine).toMatchObject({ hidden: 1, moderation: { statement: STATEMENT, appeal: null } });
    expect(Number.isNaN(Date.parse(mine?.moderation?.hidden_at ?? ''))).toBe(false);
  });
});

describe('POST /products/{id}/appeal', () => {
  it('is for the signed-in uploader of a product a moderator hid, once per decision; the product goes back to the queue with its statement', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Appealed Bag' });
    expect((await appeal(product.id, owner.token)).status).toBe(409);
    expect((await hide(t, moderator.token, product.id)).status).toBe(200);
    expect(await queueItem(product.id)).toBeUndefined();

    expect((await appeal(product.id, undefined)).status).toBe(401);
    for (const token of [other.token, moderator.token]) {
      const res = await appeal(product.id, token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the product\'s uploader can appeal its decision.');
    }
    const short = await appeal(product.id, owner.token, '   too short        ');
    expect(short.status).toBe(422);
    expect(short.body.errors.text).toBeDefined();
    expect((await appeal(999999, owner.token)).status).toBe(404);

    const res = await appeal(product.id, owner.token, `  ${APPEAL}  `);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ results: { data: { statement: STATEMENT, appeal: { status: 'open' } } } });
    expect((await myProduct(product.id))?.moderation?.appeal?.status).toBe('open');

    const item = await queueItem(product.id);
    expect(item).toMatchObject({ open_reports: 0, reports: [], reason_counts: [], appeal: { text: APPEAL, statement: STATEMENT }, uploader: { id: owner.id } });

    const again = await appeal(product.id, owner.token, 'Please look again at it, it is really fine.');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already appealed this decision.');
    expect(await t.app.db.selectFrom('appeals').select('id').where('product_id', '=', product.id).execute()).toHaveLength(1);
  });

  it('lets only one of two appeals sent at once in', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Raced Appeal Cap' });
    await hide(t, moderator.token, product.id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => appeal(product.id, owner.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('sorts open appeals after illegal notices and before products that are only reported', async () => {
    const appealed = await uploadProduct(t, owner.token, { title: 'Queue Order Appealed' });
    const reported = await uploadProduct(t, other.token, { title: 'Queue Order Reported' });
    await hide(t, moderator.token, appealed.id);
    for (let i = 0; i < 3; i++) await reportAsVisitor(t, { id: reported.id });
    await appeal(appealed.id, owner.token);
    const res = await t.request('GET', '/admin/reports?per_page=50', { token: moderator.token });
    const order = (res.body.results.data as QueueItem[]).map((item) => item.product.id);
    expect(order.indexOf(appealed.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(appealed.id)).toBeLessThan(order.indexOf(reported.id));
  });
});

describe('POST /admin/appeals/{id}/decide', () => {
  async function appealedProduct(title: string) {
    const product = await uploadProduct(t, owner.token, { title });
    await hide(t, moderator.token, product.id);
    const res = await appeal(product.id, owner.token);
    expect(res.status).toBe(201);
    const item = await queueItem(product.id);
    if (!item?.appeal) throw new Error('the appeal is not in the queue');
    return { product, appealId: item.appeal.id };
  }

  it('upheld: the product stays hidden, leaves the queue, the uploader is mailed the outcome, one audit entry; no second appeal', async () => {
    const { product, appealId } = await appealedProduct('Upheld Scarf');
    const res = await decide(appealId, 'upheld');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Appeal rejected: the product stays hidden', results: { data: { id: product.id, hidden: 1 } } });
    expect(await queueItem(product.id)).toBeUndefined();
    expect((await myProduct(product.id))?.moderation).toMatchObject({ statement: STATEMENT, appeal: { status: 'upheld' } });

    const mail = await mailbox.waitFor(owner.email, /appeal about “Upheld Scarf”/);
    expect(mail.subject).toBe('Your appeal about “Upheld Scarf” was decided');
    expect(mail.text).toContain('upheld the decision');
    expect(mail.text).toContain('We checked the invoice you sent');
    const [entry] = await auditEntries(t, moderator.token, `action=appeal.uphold&target_id=${product.id}`);
    expect(entry).toMatchObject({ actor: { id: moderator.id }, target_type: 'product', target_label: 'Upheld Scarf', details: 'We checked the invoice you sent and the store it names.' });

    expect((await decide(appealId, 'reversed')).status).toBe(409);
    expect(await productHidden(t, product.id)).toBe(1);
    expect((await appeal(product.id, owner.token)).status).toBe(409);
  });

  it('reversed: the product is visible again, the notice is gone, the uploader is mailed, one audit entry', async () => {
    const { product, appealId } = await appealedProduct('Reversed Boots');
    const res = await decide(appealId, 'reversed');
    expect(res.status).toBe(200);
    expect(res.body.results.data).toMatchObject({ id: product.id, hidden: 0 });
    expect((await myProduct(product.id))?.moderation).toBeNull();
    const mail = await mailbox.waitFor(owner.email, /Reversed Boots.*visible again/);
    expect(mail.text).toContain('reversed the decision');
    expect(mail.links).toContain(`${t.config.siteUrl}/en/auth/products`);
    const entries = await auditEntries(t, moderator.token, `target_type=product&target_id=${product.id}`);
    expect(entries.map((e) => e.action)).toEqual(['appeal.reverse', 'product.hide']);
  });

  it('closes an open appeal as reversed when a moderator simply unhides the product', async () => {
    const { product, appealId } = await appealedProduct('Unhidden While Appealed');
    expect((await t.request('POST', `/admin/products/${product.id}/unhide`, { token: moderator.token })).status).toBe(200);
    expect(await queueItem(product.id)).toBeUndefined();
    const row = await t.app.db.selectFrom('appeals').select('status').where('id', '=', appealId).executeTakeFirstOrThrow();
    expect(row.status).toBe('reversed');
    expect((await decide(appealId, 'upheld')).status).toBe(409);
  });

  it('answers 422 for a statement too short or an unknown outcome', async () => {
    const { appealId } = await appealedProduct('Validated Decision');
    expect((await decide(appealId, 'upheld', 'no')).status).toBe(422);
    const wrong = await t.request('POST', `/admin/appeals/${appealId}/decide`, { token: moderator.token, json: { outcome: 'maybe', statement: STATEMENT } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.outcome).toBeDefined();
  });
});
