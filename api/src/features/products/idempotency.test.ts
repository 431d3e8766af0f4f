import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@linkhunt/contracts/idempotency';
import { countAll } from '../../db/sql-helpers.js';
import { freshHacooLink, hacooLinkForKey, insertTaxonomy, pngImage, type ProductInput, productForm, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestResponse } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `upload-${++keys}-${Date.now()}`;
const HOUR_MS = 60 * 60 * 1000;

/** One upload as the site sends it: a fresh multipart body each time, as a retry after a network error would be. */
async function upload(user: RegisteredUser, key: string | null, input: ProductInput = {}): Promise<TestResponse> {
  const headers: Record<string, string> = key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key };
  return t.request('POST', '/products', { token: user.token, form: await productForm({ link_hacoo: hacooLinkForKey(key === null ? null : `${user.id}:${key}`), ...input }), headers });
}

const productsOf = async (user: RegisteredUser) => {
  const row = await t.app.db.selectFrom('products').select(countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
  return row.n;
};

const keyRow = (user: RegisteredUser, key: string) =>
  t.app.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', user.id).where('key', '=', key).executeTakeFirst();

const backdate = (user: RegisteredUser, key: string, ms: number) =>
  t.app.db
    .updateTable('idempotency_keys')
    .set({ created_at: new Date(Date.now() - ms).toISOString() })
    .where('user_id', '=', user.id)
    .where('key', '=', key)
    .execute();

const KEY_MESSAGE = `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to 100 visible ASCII characters (letters, digits or punctuation, no spaces).`;
const REUSED_MESSAGE = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Send a new key with each new upload.`;

describe('Idempotency-Key on upload', () => {
  it('a retry with the same key creates nothing more and answers the first 201 and body again', async () => {
    const user = await registerUser(t);
    const key = newKey();

    const first = await upload(user, key, { title: 'Retried Sneaker' });
    const retry = await upload(user, key, { title: 'Retried Sneaker' });

    expect(first.status).toBe(201);
    expect(first.body.results.data).toMatchObject({ title: 'Retried Sneaker' });
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await productsOf(user)).toBe(1);
    expect(await keyRow(user, key)).toMatchObject({ status: 201 });
  });

  it('the same key sent 5 times at once creates one product, and every copy gets its 201 and body', async () => {
    const user = await registerUser(t);
    const key = newKey();

    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(user, key, { title: 'Double Tapped Cap' })));

    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const [first] = answers;
    for (const answer of answers) expect(answer.body).toEqual(first?.body);
    expect(answers.filter((a) => a.headers.get(IDEMPOTENT_REPLAYED_HEADER) === null)).toHaveLength(1);
    expect(await productsOf(user)).toBe(1);
  });

  it('the same key with a different form answers 422 and creates nothing, whether the first has finished or not', async () => {
    const user = await registerUser(t);
    const key = newKey();
    expect((await upload(user, key, { title: 'Original Title' })).status).toBe(201);

    const otherTitle = await upload(user, key, { title: 'Another Title' });
    expect(otherTitle.status).toBe(422);
    expect(otherTitle.body).toMatchObject({ message: REUSED_MESSAGE, errors: { [IDEMPOTENCY_KEY_HEADER]: [REUSED_MESSAGE] } });
    const otherImage = await upload(user, key, { title: 'Original Title', image: await pngImage(80, 80) });
    expect(otherImage.status).toBe(422);
    expect(await productsOf(user)).toBe(1);

    const racingKey = newKey();
    const [a, b] = await Promise.all([upload(user, racingKey, { title: 'Racer One' }), upload(user, racingKey, { title: 'Racer Two' })]);
    expect([a?.status, b?.status].sort()).toEqual([201, 422]);
    expect(await productsOf(user)).toBe(2);
  });

  it('keys are per user: another user\'s same key is a separate upload', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const key = newKey();

    const [fromAlice, fromBob] = await Promise.all([upload(alice, key, { title: 'Shared Key' }), upload(bob, key, { title: 'Shared Key' })]);

    expect([fromAlice.status, fromBob.status]).toEqual([201, 201]);
    expect(fromAlice.body.results.data.id).not.toBe(fromBob.body.results.data.id);
    expect([await productsOf(alice), await productsOf(bob)]).toEqual([1, 1]);
  });

  it('refuses a key that is empty, too long, or not visible ASCII with 422 and a message, and creates nothing', async () => {
    const user = await registerUser(t);
    for (const bad of ['', 'x'.repeat(101), 'two words', 'tab\there', 'clé']) {
      const res = await upload(user, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body).toMatchObject({ message: KEY_MESSAGE, errors: { [IDEMPOTENCY_KEY_HEADER]: [KEY_MESSAGE] } });
    }
    // fetch only sends Latin-1 header values: UTF-8 bytes go as a raw request would carry them.
    const utf8 = await t.app.inject({
      method: 'POST',
      url: '/products',
      headers: { authorization: `Bearer ${user.token}`, [IDEMPOTENCY_KEY_HEADER]: Buffer.from('ключ').toString('latin1') },
    });
    expect(utf8.statusCode).toBe(422);
    expect(utf8.json()).toMatchObject({ message: KEY_MESSAGE, errors: { [IDEMPOTENCY_KEY_HEADER]: [KEY_MESSAGE] } });
    expect(await productsOf(user)).toBe(0);

    // A header sent twice is two keys, not one.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/products',
      headers: { authorization: `Bearer ${user.token}`, [IDEMPOTENCY_KEY_HEADER]: ['same', 'same'] },
    });
    expect(twice.statusCode).toBe(422);

    // The edges of what is allowed: one character, and 100 of every visible kind.
    const visible = Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    expect((await upload(user, '!')).status).toBe(201);
    expect((await upload(user, `${visible}${'~'.repeat(6)}`, { title: 'Longest Key' })).status).toBe(201);
    expect(await productsOf(user)).toBe(2);
  });

  it('keys expire after 24 hours: then the same key uploads again', async () => {
    const user = await registerUser(t);
    const key = newKey();
    const first = await upload(user, key, { title: 'Daily Drop' });

    await backdate(user, key, 23 * HOUR_MS);
    const withinDay = await upload(user, key, { title: 'Daily Drop' });
    expect(withinDay.body).toEqual(first.body);
    expect(await productsOf(user)).toBe(1);

    await backdate(user, key, 24 * HOUR_MS + 60_000);
    // Another Hacoo product: the first one's link would now be a duplicate (409).
    const nextDay = await upload(user, key, { title: 'Daily Drop', link_hacoo: freshHacooLink() });
    expect(nextDay.status).toBe(201);
    expect(nextDay.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(nextDay.body.results.data.id).not.toBe(first.body.results.data.id);
    expect(await productsOf(user)).toBe(2);

    // An expired key is forgotten altogether: a different form with it is a new upload, not a mismatch.
    await backdate(user, key, 25 * HOUR_MS);
    expect((await upload(user, key, { title: 'Something Else', link_hacoo: freshHacooLink() })).status).toBe(201);
    expect(await productsOf(user)).toBe(3);
  });

  it('a request that failed holds no key: the same form gets the same 422, the corrected one is uploaded', async () => {
    const user = await registerUser(t);
    const key = newKey();
    const broken = { title: 'Fixed Later', link_hacoo: 'javascript:alert(1)' };

    const first = await upload(user, key, broken);
    const again = await upload(user, key, broken);
    expect(first.status).toBe(422);
    expect(again.status).toBe(422);
    expect(again.body).toEqual(first.body);
    expect(await keyRow(user, key)).toBeUndefined();

    const fixed = await upload(user, key, { title: 'Fixed Later' });
    expect(fixed.status).toBe(201);
    expect(await productsOf(user)).toBe(1);
  });

  it('takes over a key whose request died with its process (held over 2 minutes, unfinished)', async () => {
    const user = await registerUser(t);
    const key = newKey();
    await t.app.db
      .insertInto('idempotency_keys')
      .values({ user_id: user.id, key, fingerprint: 'f'.repeat(64), claim: 'dead-process', status: null, response: null, created_at: new Date(Date.now() - 3 * 60_000).toISOString() })
      .execute();

    const res = await upload(user, key);
    expect(res.status).toBe(201);
    expect(await keyRow(user, key)).toMatchObject({ status: 201 });
    expect(await productsOf(user)).toBe(1);
  });

  it('without the header nothing changes: each upload is a new product', async () => {
    const user = await registerUser(t);
    const [a, b] = [await upload(user, null, { title: 'Twin' }), await upload(user, null, { title: 'Twin' })];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.results.data.id).not.toBe(b.body.results.data.id);
    expect(await productsOf(user)).toBe(2);
    const stored = await t.app.db.selectFrom('idempotency_keys').select(countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.n).toBe(0);
  });

  it('is documented on the route and allowed by CORS from the site', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>> };
    const parameters = doc.paths['/products']?.post?.parameters ?? [];
    expect(parameters).toContainEqual(expect.objectContaining({ in: 'header', name: IDEMPOTENCY_KEY_HEADER.toLowerCase(), required: false }));
    const described = parameters.find((parameter) => parameter.name === IDEMPOTENCY_KEY_HEADER.toLowerCase()) as { description?: string } | undefined;
    expect(described?.description).toContain(`(marked ${IDEMPOTENT_REPLAYED_HEADER}: true)`);
    // A description written as a plain string with a placeholder would show the placeholder to API readers.
    expect(JSON.stringify(doc)).not.toContain('${');

    const preflight = await fetch(`${t.baseUrl}/products`, {
      method: 'OPTIONS',
      headers: { origin: t.config.corsOrigins[0] ?? '', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,idempotency-key' },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(IDEMPOTENCY_KEY_HEADER.toLowerCase());
  });
});
