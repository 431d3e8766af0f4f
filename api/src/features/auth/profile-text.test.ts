import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const update = (token: string, fields: Record<string, string>) => t.request('POST', '/auth/update', { token, form: form(fields) });

describe('display names and profile text refuse characters that disguise them', () => {
  it('refuses a right-to-left override, a control byte and zero-width characters in the name with 422 on `name`', async () => {
    const user = await registerUser(t);
    const cases: [name: string, found: string][] = [
      ['lucia.finds\u202E', 'U+202E'],
      ['Ana\u0007', 'U+0007'],
      ['Lu\u200Bcia', 'U+200B'],
      ['Lucia\u200D', 'U+200D'],
      ['Lu\uFEFFcia', 'U+FEFF'],
      ['\u2066Lucia\u2069', 'U+2066'],
      ['\u3164', 'U+3164'],
    ];
    for (const [name, found] of cases) {
      const res = await update(user.token, { name });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.errors).toEqual({ name: [`The name may not contain invisible characters, control characters or text-direction controls; found ${found}.`] });
    }
    const row = await t.app.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe(user.username);
  });

  it('accepts names in any script, and biographies with line breaks', async () => {
    const user = await registerUser(t);
    const res = await update(user.token, { name: 'لوسيا Pérez 👟', biography: 'Sneakers and bags.\nShips to Spain.' });
    expect(res.status).toBe(200);
    // A multipart form sends its line breaks as CRLF.
    expect(res.body.user.data).toMatchObject({ name: 'لوسيا Pérez 👟', biography: 'Sneakers and bags.\r\nShips to Spain.' });
  });

  it('refuses them in the biography and coupon too, naming every field at once', async () => {
    const user = await registerUser(t);
    const res = await update(user.token, { biography: 'Trusted \u202Eseller', coupon: 'SAVE\u200B10' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['biography', 'coupon']);
    expect(res.body.errors.biography[0]).toMatch(/line breaks and tabs are fine\); found U\+202E\.$/);
  });
});
