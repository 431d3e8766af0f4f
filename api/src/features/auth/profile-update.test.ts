import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { gifImage, jpegImage, pngImage, registerUser } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function form(fields: Record<string, string>, avatar?: { data: Buffer; name: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (avatar) f.set('avatar', new Blob([new Uint8Array(avatar.data)]), avatar.name);
  return f;
}

const update = (token: string | undefined, body: FormData) => t.request('POST', '/auth/update', { token, form: body });

describe('POST /auth/update', () => {
  it('needs a signed-in user', async () => {
    const res = await update(undefined, form({ name: 'Nobody' }));
    expect(res.status).toBe(401);
    const revoked = await registerUser(t);
    await t.request('POST', '/auth/logout', { token: revoked.token });
    expect((await update(revoked.token, form({ name: 'Nobody' }))).status).toBe(401);
  });

  it('changes name, biography and coupon, and only the fields sent', async () => {
    const user = await registerUser(t);
    const res = await update(user.token, form({ name: ' Ana Pérez ', biography: 'I hunt sneakers.', coupon: 'ANA10' }));
    expect(res.status).toBe(200);
    expect(res.body.user.data).toMatchObject({ id: user.id, username: user.username, email: user.email, name: 'Ana Pérez', biography: 'I hunt sneakers.', coupon: 'ANA10' });

    const onlyCoupon = await update(user.token, form({ coupon: 'ANA20' }));
    expect(onlyCoupon.body.user.data).toMatchObject({ name: 'Ana Pérez', biography: 'I hunt sneakers.', coupon: 'ANA20' });
  });

  it('clears biography and coupon sent empty, and refuses an empty name', async () => {
    const user = await registerUser(t);
    await update(user.token, form({ biography: 'Something', coupon: 'CODE' }));
    const cleared = await update(user.token, form({ biography: '', coupon: '  ' }));
    expect(cleared.status).toBe(200);
    expect(cleared.body.user.data).toMatchObject({ biography: null, coupon: null });

    const noName = await update(user.token, form({ name: '' }));
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toEqual({ name: ['The name field is required.'] });
  });

  it('refuses fields that are too long', async () => {
    const user = await registerUser(t);
    const res = await update(user.token, form({ biography: 'x'.repeat(1001), coupon: 'c'.repeat(61) }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['biography', 'coupon']);
  });

  it('stores a PNG avatar as WebP under /avatars, and removes the previous one when replaced', async () => {
    const user = await registerUser(t);
    const first = await update(user.token, form({}, { data: await pngImage(400, 300), name: 'me.png' }));
    expect(first.status).toBe(200);
    const avatar: string = first.body.user.data.avatar;
    expect(avatar).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);
    const served = await fetch(`${t.baseUrl}/${avatar}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(256);
    expect(meta.height).toBe(256);

    const second = await update(user.token, form({}, { data: await jpegImage(), name: 'me.jpg' }));
    expect(second.status).toBe(200);
    expect(second.body.user.data.avatar).not.toBe(avatar);
    expect(existsSync(join(t.config.imageDir, second.body.user.data.avatar))).toBe(true);
    expect(existsSync(join(t.config.imageDir, avatar))).toBe(false);
    expect((await fetch(`${t.baseUrl}/${avatar}`)).status).toBe(404);
  });

  it('refuses a text file named .png, a GIF and an image over 2 MB, leaving the avatar unchanged', async () => {
    const user = await registerUser(t);
    const text = await update(user.token, form({}, { data: Buffer.from('this is not an image at all'), name: 'avatar.png' }));
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual({ avatar: ['The image must be a PNG or JPG file.'] });

    const gif = await update(user.token, form({}, { data: await gifImage(), name: 'avatar.gif' }));
    expect(gif.status).toBe(422);
    expect(gif.body.errors.avatar).toEqual(['The image must be a PNG or JPG file.']);

    const big = await pngImage(1200, 1000, true);
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const large = await update(user.token, form({ name: 'Big' }, { data: big, name: 'avatar.png' }));
    expect(large.status).toBe(413);
    expect(large.body.errors.avatar).toEqual(['The image may not be larger than 2 MB.']);

    const row = await t.app.db.selectFrom('users').select(['avatar', 'name']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ avatar: null, name: user.username });
  });

  it('refuses a JSON body: the form is multipart', async () => {
    const user = await registerUser(t);
    const res = await t.request('POST', '/auth/update', { token: user.token, json: { name: 'x' } });
    expect(res.status).toBe(415);
  });

  describe('password change', () => {
    it('needs the current password', async () => {
      const user = await registerUser(t);
      const res = await update(user.token, form({ password: 'a brand new secret' }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ current_password: ['The current password field is required.'] });
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const user = await registerUser(t);
      const res = await update(user.token, form({ current_password: 'not my password', password: 'a brand new secret' }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
      expect((await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(200);
    });

    it('refuses a short new password', async () => {
      const user = await registerUser(t);
      const res = await update(user.token, form({ current_password: user.password, password: 'short' }));
      expect(res.status).toBe(422);
      expect(res.body.errors.password).toEqual(['The password must be at least 8 characters.']);
    });

    it('changes it, keeps this session and ends every other one', async () => {
      const user = await registerUser(t);
      const elsewhere = await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } });
      const res = await update(user.token, form({ current_password: user.password, password: 'a brand new secret' }));
      expect(res.status).toBe(200);

      expect((await t.request('GET', '/auth/check', { token: user.token })).status).toBe(200);
      expect((await t.request('GET', '/auth/check', { token: elsewhere.body.token.accessToken })).status).toBe(401);
      expect((await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(422);
      expect((await t.request('POST', '/auth/login', { json: { email: user.email, password: 'a brand new secret' } })).status).toBe(200);
    });

    it('an empty password field keeps the password', async () => {
      const user = await registerUser(t);
      const res = await update(user.token, form({ name: 'Same Password', current_password: '', password: '' }));
      expect(res.status).toBe(200);
      expect((await t.request('POST', '/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(200);
    });
  });
});
