import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REVIEW_PHOTOS } from '@linkhunt/contracts/photos';
import type { Valoration } from '@linkhunt/contracts/product';
import type { ReviewPhoto } from '@linkhunt/contracts/photos';
import { auditEntries, setRole } from '../admin/moderation-test-kit.js';
import { sweepImages } from '../../media/image-maintenance/sweep-images.js';
import { insertTaxonomy, pngImage, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { createTestApp, type TestApp, type TestResponse } from '../../test/test-app.js';
import { productImageKeys } from '../products/product-images.js';

/** Photos in reviews: up to 4 per review, kept or removed on edit, and removed by a moderator with a statement. */
let t: TestApp;
let mailbox: TestMailbox;
let owner: RegisteredUser;
let moderator: RegisteredUser;

const STATEMENT = 'The photos show another item, not the one this product lists.';

beforeAll(async () => {
  mailbox = await startTestMailbox();
  t = await createTestApp({ mailUrl: mailbox.url });
  await insertTaxonomy(t);
  owner = await registerUser(t);
  moderator = await registerUser(t);
  await setRole(t, moderator.id, 'moderator');
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const photo = (i: number) => pngImage(30 + i, 20 + i);

async function reviewForm(fields: Record<string, string>, photos: Buffer[]): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [i, data] of photos.entries()) form.append('photos', new Blob([new Uint8Array(data)]), `r${i}.png`);
  return form;
}

const review = async (productId: number, user: RegisteredUser, fields: Record<string, string>, photos: Buffer[]): Promise<TestResponse> =>
  t.request('POST', `/products/${productId}/valorations`, { token: user.token, form: await reviewForm(fields, photos) });

const valorationOf = (res: TestResponse) => res.body.results.data.valoration as Valoration;
const stored = async (p: { image: string; thumbnail: string }) =>
  (await Promise.all([p.image, p.thumbnail].map((path) => t.app.images.head(`images/${path}`)))).every((info) => info !== null);
const gone = async (p: { image: string; thumbnail: string }) =>
  (await Promise.all(productImageKeys(p).map((key) => t.app.images.head(key)))).every((info) => info === null);
const onPage = async (slug: string, id: number) =>
  ((await t.request('GET', `/products/slug/${slug}`)).body.results.data.valorations.data as Valoration[]).find((v) => v.id === id);

describe('a review with photos', () => {
  it('is sent as a form with two photos, stored under reviews/, shown with the review', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Reviewed With Photos' });
    const reviewer = await registerUser(t);
    const res = await review(product.id, reviewer, { stars: '5', review: 'Exactly as in the QC photos' }, [await photo(1), await photo(2)]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const valoration = valorationOf(res);
    expect(valoration).toMatchObject({ stars: 5, review: 'Exactly as in the QC photos', photos_removed: null });
    expect(valoration.photos).toHaveLength(2);
    for (const p of valoration.photos) {
      expect(p.image).toMatch(/^reviews\/[0-9a-f]+\.webp$/);
      expect(await stored(p)).toBe(true);
      expect((await t.request('GET', `/images/${p.thumbnail}`)).status).toBe(200);
    }
    expect((await onPage(product.slug, valoration.id))?.photos).toEqual(valoration.photos);
  });

  it('keeps JSON bodies working, photos untouched; an edit keeps the photos asked for and removes the others\' files', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Edited Review Photos' });
    const reviewer = await registerUser(t);
    const first = valorationOf(await review(product.id, reviewer, { stars: '3' }, [await photo(1), await photo(2)]));
    const [a, b] = first.photos as [ReviewPhoto, ReviewPhoto];

    const json = await t.request('POST', `/products/${product.id}/valorations`, { token: reviewer.token, json: { stars: 4, review: 'Better after a wash' } });
    expect(json.status).toBe(200);
    expect(valorationOf(json).photos).toEqual(first.photos);

    const edited = await review(product.id, reviewer, { stars: '4', keep_photos: JSON.stringify([b.id]) }, [await photo(3)]);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const photos = valorationOf(edited).photos;
    expect(photos.map((p) => p.id).slice(0, 1)).toEqual([b.id]);
    expect(photos).toHaveLength(2);
    expect(await gone(a)).toBe(true);
    expect(await stored(b)).toBe(true);

    // keep_photos in JSON too: none kept.
    const cleared = await t.request('POST', `/products/${product.id}/valorations`, { token: reviewer.token, json: { stars: 4, keep_photos: [] } });
    expect(cleared.status).toBe(200);
    expect(valorationOf(cleared).photos).toEqual([]);
    for (const p of photos) expect(await gone(p)).toBe(true);
  });

  it(`refuses more than ${MAX_REVIEW_PHOTOS} photos with a 422 on photos, also counting those kept, and stores nothing`, async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Too Many Review Photos' });
    const reviewer = await registerUser(t);
    const five = await Promise.all(Array.from({ length: MAX_REVIEW_PHOTOS + 1 }, (_, i) => photo(i)));
    const before = await storeKeys();
    const res = await review(product.id, reviewer, { stars: '4' }, five);
    expect(res.status).toBe(422);
    expect(res.body.errors.photos).toEqual([`Choose at most ${MAX_REVIEW_PHOTOS} photos.`]);
    expect(await storeKeys()).toEqual(before);

    expect((await review(product.id, reviewer, { stars: '4' }, five.slice(0, 3))).status).toBe(201);
    const more = await review(product.id, reviewer, { stars: '4' }, five.slice(3, 5));
    expect(more.status).toBe(422);
    expect(more.body.errors.photos).toEqual([`A review may have at most ${MAX_REVIEW_PHOTOS} photos.`]);
    expect((await storeKeys()).length).toBe(before.length + 6);
  });

  it('answers 422 to a keep_photos that is not a JSON list of ids, and to a file that is not an image', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Bad Review Forms' });
    const reviewer = await registerUser(t);
    const bad = await review(product.id, reviewer, { stars: '4', keep_photos: '[1,' }, []);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ keep_photos: ['The photos to keep must be a list of the ids of your review\'s photos, in JSON.'] });
    const text = await review(product.id, reviewer, { stars: '4' }, [Buffer.from('plain text')]);
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual({ photos: ['The image must be a PNG or JPG file.'] });
    const noStars = await review(product.id, reviewer, {}, [await photo(1)]);
    expect(noStars.status).toBe(422);
    expect(noStars.body.errors.stars).toEqual(['You must rate the product']);
  });

  it('counts review photos toward the daily photo limit', async () => {
    const limited = await createTestApp({ dailyPhotoLimit: 2 });
    try {
      await insertTaxonomy(limited);
      const uploader = await registerUser(limited);
      const reviewer = await registerUser(limited);
      const product = await uploadProduct(limited, uploader.token, { title: 'Limited Photos' });
      const form = async (n: number) => reviewForm({ stars: '5' }, await Promise.all(Array.from({ length: n }, (_, i) => photo(i))));
      const refused = await limited.request('POST', `/products/${product.id}/valorations`, { token: reviewer.token, form: await form(3) });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
      expect((await limited.request('POST', `/products/${product.id}/valorations`, { token: reviewer.token, form: await form(2) })).status).toBe(201);
      expect((await limited.request('POST', `/products/${product.id}/valorations`, { token: reviewer.token, form: await form(1) })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('deletes a review\'s photos with its product, and images:sweep leaves review photos alone', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Deleted With Review Photos' });
    const kept = await uploadProduct(t, owner.token, { title: 'Kept With Review Photos' });
    const reviewer = await registerUser(t);
    const doomed = valorationOf(await review(product.id, reviewer, { stars: '2' }, [await photo(1)])).photos;
    const staying = valorationOf(await review(kept.id, reviewer, { stars: '2' }, [await photo(2)])).photos;
    const report = await sweepImages(t.app.images, t.app.db, { graceMs: 0, dryRun: true, now: Date.now() + 1000 });
    expect(report.orphans.filter((key) => key.startsWith('images/reviews/'))).toEqual([]);
    expect((await t.request('DELETE', `/products/${product.id}`, { token: owner.token })).status).toBe(200);
    for (const p of doomed) expect(await gone(p)).toBe(true);
    for (const p of staying) expect(await stored(p)).toBe(true);
  });
});

describe('POST /admin/valorations/:id/photos/remove', () => {
  it('removes every file, keeps the statement on the review, writes the audit log and mails the author', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Moderated Review Photos' });
    const reviewer = await registerUser(t);
    const { id, photos } = valorationOf(await review(product.id, reviewer, { stars: '1', review: 'Look' }, [await photo(1), await photo(2)]));

    const res = await t.request('POST', `/admin/valorations/${id}/photos/remove`, { token: moderator.token, json: { statement: `  ${STATEMENT}  ` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Review photos removed');
    expect(res.body.results.data).toMatchObject({ id, review: 'Look', photos: [], photos_removed: { statement: STATEMENT, removed_at: expect.any(String) } });
    for (const p of photos) expect(await gone(p)).toBe(true);
    expect((await onPage(product.slug, id))?.photos_removed?.statement).toBe(STATEMENT);

    const [entry] = await auditEntries(t, moderator.token, 'action=review.remove_photos');
    expect(entry).toMatchObject({ action: 'review.remove_photos', actor: { id: moderator.id }, target_type: 'product', target_id: product.id, target_label: 'Moderated Review Photos', details: STATEMENT });

    const mail = await mailbox.waitFor(reviewer.email, /Moderated Review Photos/);
    expect(mail.text).toContain(STATEMENT);

    // Nothing left to remove: 409.
    expect((await t.request('POST', `/admin/valorations/${id}/photos/remove`, { token: moderator.token, json: { statement: STATEMENT } })).status).toBe(409);
  });

  it('is refused to a user who is not a moderator (403), on one\'s own review (403), for no such review (404), with a short statement (422)', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Guarded Review Photos' });
    const reviewer = await registerUser(t);
    const { id, photos } = valorationOf(await review(product.id, reviewer, { stars: '3' }, [await photo(1)]));
    const asUser = await t.request('POST', `/admin/valorations/${id}/photos/remove`, { token: reviewer.token, json: { statement: STATEMENT } });
    expect(asUser.status).toBe(403);
    expect((await t.request('POST', `/admin/valorations/${id}/photos/remove`, { json: { statement: STATEMENT } })).status).toBe(401);
    expect((await t.request('POST', `/admin/valorations/${id}/photos/remove`, { token: moderator.token, json: { statement: 'too short' } })).status).toBe(422);
    expect((await t.request('POST', '/admin/valorations/999999/photos/remove', { token: moderator.token, json: { statement: STATEMENT } })).status).toBe(404);

    const other = await uploadProduct(t, owner.token, { title: 'A Moderator Reviews Too' });
    const own = valorationOf(await review(other.id, moderator, { stars: '5' }, [await photo(2)]));
    const ownRefused = await t.request('POST', `/admin/valorations/${own.id}/photos/remove`, { token: moderator.token, json: { statement: STATEMENT } });
    expect(ownRefused.status).toBe(403);
    for (const p of [...photos, ...own.photos]) expect(await stored(p)).toBe(true);
  });

  it('guards a review photo of a withdrawn product as the product\'s own pictures', async () => {
    const product = await uploadProduct(t, owner.token, { title: 'Withdrawn With Review Photos' });
    const reviewer = await registerUser(t);
    const [p] = valorationOf(await review(product.id, reviewer, { stars: '3' }, [await photo(1)])).photos as [ReviewPhoto];
    await t.app.db.updateTable('products').set({ hidden: 1, withdrawn: 1 }).where('id', '=', product.id).execute();
    expect((await t.request('GET', `/images/${p.image}`)).status).toBe(410);
    expect((await t.request('GET', `/images/${p.image}`, { token: owner.token })).status).toBe(200);
  });
});

async function storeKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of t.app.images.list('images/')) keys.push(file.key);
  return keys.sort();
}
