import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '@linkhunt/contracts/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { freshHacooLink, insertTaxonomy, productForm, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { checkStoreLink } from './store-links.js';
import { translator } from '../../i18n/translator.js';

/**
 * Every way a store link can point somewhere other than the store it names, for each of the three
 * fields, on create and on update. `d` is the store's own domain, so each case is the hardest version
 * of the trick: it carries the real name somewhere in the text.
 */
const STORES: { store: Store; field: 'link_hacoo' | 'link_dhgate' | 'link_cnfans'; name: string; domain: string }[] = [
  { store: 'hacoo', field: 'link_hacoo', name: 'Hacoo', domain: 'hacoo.com' },
  { store: 'dhgate', field: 'link_dhgate', name: 'DHGate', domain: 'dhgate.com' },
  { store: 'cnfans', field: 'link_cnfans', name: 'CNFans', domain: 'cnfans.com' },
];

const HTTPS = /must start with https:\/\//;
const NOT_URL = /is not a valid URL/;
const IP = /not by an IP address/;
const LOCAL = /not to a local or private address/;
const USERINFO = /may not contain a user name or password/;
const PORT = /may not name a port/;
const DOT = /may not end with a dot/;
const LOOK_ALIKE = /international or look-alike characters/;
const BACKSLASH = /may not contain backslashes/;
const HIDDEN = /may not contain spaces, line breaks or invisible characters/;
const offList = (d: string) => new RegExp(`must be an https:\\/\\/ link to ${d.replace(/\./g, '\\.')}`);

/** The domain with its first "a" swapped for the Cyrillic "а" (U+0430): the same on screen. */
const cyrillic = (d: string) => d.replace('a', '\u0430');
/** The domain in full-width letters, which the URL parser folds back to ASCII. */
const fullWidth = (d: string) => [...d].map((c) => (c === '.' ? c : String.fromCharCode(c.charCodeAt(0) + 0xfee0))).join('');
/** The first letter percent-escaped, which the URL parser decodes inside the host. */
const escaped = (d: string) => `%${d.charCodeAt(0).toString(16)}${d.slice(1)}`;

const refused: [string, (d: string) => string, (d: string) => RegExp][] = [
  // Schemes other than https.
  ['javascript:', () => 'javascript:alert(document.cookie)', () => HTTPS],
  ['JavaScript: in mixed case', () => 'JavaScript:alert(1)', () => HTTPS],
  ['javascript: with the domain in it', (d) => `javascript://${d}/%0aalert(1)`, () => HTTPS],
  ['data:', () => 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', () => HTTPS],
  ['vbscript:', () => 'vbscript:msgbox(1)', () => HTTPS],
  ['file:', () => 'file:///etc/passwd', () => HTTPS],
  ['file: on the store host', (d) => `file://${d}/etc/passwd`, () => HTTPS],
  ['http:', (d) => `http://www.${d}/p/1`, () => HTTPS],
  ['ftp:', (d) => `ftp://${d}/p/1`, () => HTTPS],
  ['blob:', (d) => `blob:https://${d}/0f1e2d3c`, () => HTTPS],
  ['https: without slashes', (d) => `https:${d}/p/1`, () => HTTPS],
  ['https: with one slash', (d) => `https:/${d}/p/1`, () => HTTPS],
  ['a scheme-relative link', (d) => `//${d}/p/1`, () => NOT_URL],
  ['no scheme at all', (d) => `www.${d}/p/1`, () => NOT_URL],
  // Loopback and private hosts.
  ['localhost', () => 'https://localhost/p/1', () => LOCAL],
  ['LOCALHOST with a trailing dot', () => 'https://LOCALHOST./p/1', () => LOCAL],
  ['a .localhost subdomain', () => 'https://shop.localhost/p/1', () => LOCAL],
  ['a .internal name', () => 'https://metadata.google.internal/computeMetadata/v1/', () => LOCAL],
  // Names under the real domain that spell a local address (issue 25): the checker never connects to what they
  // resolve to (public-address.ts), and the upload refuses them for the visitors who would open them.
  ['a localhost label under the real domain', (d) => `https://localhost.${d}/x`, () => LOCAL],
  ['a LOCALHOST label deeper under the real domain', (d) => `https://shop.LOCALHOST.${d}/x`, () => LOCAL],
  ['loopback spelled with dashes under the real domain', (d) => `https://127-0-0-1.${d}/x`, () => LOCAL],
  ['a private address spelled with dashes under the real domain', (d) => `https://www.10-0-0-7.${d}/x`, () => LOCAL],
  ['a private address spelled with dots under the real domain', (d) => `https://192.168.1.20.${d}/x`, () => LOCAL],
  ['the metadata address spelled with dashes', (d) => `https://169-254-169-254.${d}/latest/meta-data/`, () => LOCAL],
  ['127.0.0.1', () => 'https://127.0.0.1/p/1', () => IP],
  ['[::1]', () => 'https://[::1]/p/1', () => IP],
  ['0.0.0.0', () => 'https://0.0.0.0/p/1', () => IP],
  ['10.x', () => 'https://10.0.0.1/p/1', () => IP],
  ['172.16.x', () => 'https://172.16.0.1/p/1', () => IP],
  ['192.168.x', () => 'https://192.168.1.1/p/1', () => IP],
  ['169.254.169.254 (cloud metadata)', () => 'https://169.254.169.254/latest/meta-data/', () => IP],
  // IP literals in every spelling.
  ['a public IPv4', () => 'https://93.184.216.34/p/1', () => IP],
  ['a decimal IPv4', () => 'https://2130706433/p/1', () => IP],
  ['a hex IPv4', () => 'https://0x7f000001/p/1', () => IP],
  ['an octal IPv4', () => 'https://0177.0.0.1/p/1', () => IP],
  ['a short IPv4', () => 'https://127.1/p/1', () => IP],
  ['a mixed hex/decimal IPv4', () => 'https://0x7f.0.0.1/p/1', () => IP],
  ['an IPv4-mapped IPv6', () => 'https://[::ffff:127.0.0.1]/p/1', () => IP],
  ['a public IPv6', () => 'https://[2001:db8::1]/p/1', () => IP],
  // Look-alike hosts.
  ['a Cyrillic look-alike', (d) => `https://${cyrillic(d)}/p/1`, () => LOOK_ALIKE],
  ['the punycode of that look-alike', (d) => `https://${new URL(`https://${cyrillic(d)}`).hostname}/p/1`, () => LOOK_ALIKE],
  ['an xn-- label under the real domain', (d) => `https://xn--80ak6aa92e.${d}/p/1`, () => LOOK_ALIKE],
  ['a Unicode subdomain of the real domain', (d) => `https://\u0440\u0430y.${d}/p/1`, () => LOOK_ALIKE],
  ['full-width letters', (d) => `https://${fullWidth(d)}/p/1`, () => LOOK_ALIKE],
  ['an ideographic full stop', (d) => `https://${d.replace('.', '\u3002')}/p/1`, () => LOOK_ALIKE],
  ['a percent-escaped host', (d) => `https://${escaped(d)}/p/1`, (d) => offList(d)],
  ['the domain as a prefix', (d) => `https://${d}.evil.com/p/1`, (d) => offList(d)],
  ['the domain as a suffix without a dot', (d) => `https://evil${d}/p/1`, (d) => offList(d)],
  ['the domain with a hyphenated suffix', (d) => `https://${d.replace('.com', '-shop.com')}/p/1`, (d) => offList(d)],
  ['the domain in the path', (d) => `https://evil.example/${d}`, (d) => offList(d)],
  ['the domain in the query', (d) => `https://evil.example/?u=https://${d}`, (d) => offList(d)],
  ['the domain in the fragment', (d) => `https://evil.example/#${d}`, (d) => offList(d)],
  ['the domain as userinfo', (d) => `https://${d}@evil.com/p/1`, () => USERINFO],
  ['an escaped slash before userinfo', (d) => `https://${d}%2F@evil.com/p/1`, () => USERINFO],
  ['a user and password on the real host', (d) => `https://user:pass@${d}/p/1`, () => USERINFO],
  ['an empty userinfo', (d) => `https://@${d}/p/1`, () => USERINFO],
  ['a trailing dot', (d) => `https://${d}./p/1`, () => DOT],
  ['a trailing dot on a subdomain', (d) => `https://www.${d}./p/1`, () => DOT],
  ['an escaped trailing dot', (d) => `https://${d}%2e/p/1`, () => DOT],
  // Ports, even the default one the parser would drop.
  ['port 443', (d) => `https://${d}:443/p/1`, () => PORT],
  ['port 8443', (d) => `https://${d}:8443/p/1`, () => PORT],
  ['an empty port', (d) => `https://${d}:/p/1`, () => PORT],
  // Backslashes, which the parser reads as slashes.
  ['a backslash before @', (d) => `https://${d}\\@evil.com/p/1`, () => BACKSLASH],
  ['backslashes for slashes', (d) => `https:\\\\${d}\\p\\1`, () => BACKSLASH],
  ['a backslash in the path', (d) => `https://evil.com\\${d}`, () => BACKSLASH],
  // Whitespace, control and invisible characters (surrounding whitespace is trimmed, so these sit inside).
  ['a space in the host', (d) => `https://ww w.${d}/p/1`, () => HIDDEN],
  ['a space in the path', (d) => `https://www.${d}/p 1`, () => HIDDEN],
  ['a tab in the host', (d) => `https://www.${d.replace('.', '\t.')}/p/1`, () => HIDDEN],
  ['a newline in the scheme', () => 'java\nscript:alert(1)', () => HIDDEN],
  ['a carriage return', (d) => `https://www.${d}/p\r/1`, () => HIDDEN],
  // The form reader refuses a NUL in any text field before the link rule sees it (PostgreSQL cannot store one).
  ['a NUL', (d) => `https://www.${d}\u0000.evil.com/p/1`, () => new RegExp(`${HIDDEN.source}|may not contain a NUL character`)],
  ['a leading control character', (d) => `\u0001https://${d}/p/1`, () => HIDDEN],
  ['a no-break space', (d) => `https://www.${d}/p\u00a01`, () => HIDDEN],
  ['a soft hyphen', (d) => `https://www.${d.replace('.', '\u00ad.')}/p/1`, () => HIDDEN],
  ['a zero-width space', (d) => `https://www.${d.replace('.', '\u200b.')}/p/1`, () => HIDDEN],
  ['a right-to-left override', (d) => `https://evil.com/\u202e${[...d].reverse().join('')}`, () => HIDDEN],
  // Another store's domain in this store's field.
  ['another store\'s domain', (d) => `https://www.${d === 'dhgate.com' ? 'hacoo.com' : 'dhgate.com'}/p/1`, (d) => offList(d)],
];

const accepted: [string, (d: string) => string, (d: string) => string][] = [
  ['the bare domain', (d) => `https://${d}/p/1`, (d) => `https://${d}/p/1`],
  ['no path', (d) => `https://${d}`, (d) => `https://${d}/`],
  ['a subdomain with query and fragment', (d) => `https://www.${d}/product/123?color=red&size=42#reviews`, (d) => `https://www.${d}/product/123?color=red&size=42#reviews`],
  ['a deeper subdomain', (d) => `https://m.shop.${d}/p/1`, (d) => `https://m.shop.${d}/p/1`],
  ['an upper-case host (stored in lower case, path kept)', (d) => `HTTPS://M.${d.toUpperCase()}/P/Abc?x=1`, (d) => `https://m.${d}/P/Abc?x=1`],
  ['a non-ASCII path (stored escaped)', (d) => `https://www.${d}/producto/zapatilla-niño`, (d) => `https://www.${d}/producto/zapatilla-ni%C3%B1o`],
  ['an @ in the query', (d) => `https://www.${d}/p/1?ref=ana@example.com`, (d) => `https://www.${d}/p/1?ref=ana@example.com`],
  ['a URL in the query', (d) => `https://www.${d}/p/3?from=https://evil.example/`, (d) => `https://www.${d}/p/3?from=https://evil.example/`],
  ['digits and dashes in a label, and an address in the path', (d) => `https://shop-2024.m2.${d}/p/127-0-0-1`, (d) => `https://shop-2024.m2.${d}/p/127-0-0-1`],
];

/** Hosts only some stores list. */
const acceptedOthers: [Store, string][] = [
  ['hacoo', 'https://hacoo.app.link/AbC123xYz'],
  ['hacoo', 'https://hacoo.app/p/1'],
  ['hacoo', 'https://www.saramart.com/p/1'],
  ['dhgate', 'https://dhgate.to/abc'],
];

const allowlists = loadConfig({}).links;

describe('checkStoreLink', () => {
  for (const { store, name, domain } of STORES) {
    for (const [label, link, message] of refused) {
      it(`refuses ${label} (${name})`, () => {
        const check = checkStoreLink(store, link(domain), allowlists);
        expect(check.ok).toBe(false);
        if (!check.ok) {
          const english = translator('en')(check.message);
          expect(english).toMatch(message(domain));
          expect(english.startsWith(`The ${name} link`)).toBe(true);
        }
      });
    }
    for (const [label, link, stored] of accepted) {
      it(`accepts ${label} (${name})`, () => {
        expect(checkStoreLink(store, link(domain), allowlists)).toEqual({ ok: true, url: stored(domain) });
      });
    }
  }
  for (const [store, link] of acceptedOthers) {
    it(`accepts ${link} for ${store}`, () => {
      expect(checkStoreLink(store, link, allowlists)).toEqual({ ok: true, url: link });
    });
  }

  it('never opens a local name or an IP, even when an operator lists one', () => {
    const lists = { hacoo: ['localhost', '127.0.0.1', '[::1]', 'shop.example.org'], dhgate: [], cnfans: [] };
    expect(checkStoreLink('hacoo', 'https://localhost/p', lists).ok).toBe(false);
    expect(checkStoreLink('hacoo', 'https://127.0.0.1/p', lists).ok).toBe(false);
    expect(checkStoreLink('hacoo', 'https://[::1]/p', lists).ok).toBe(false);
    expect(checkStoreLink('hacoo', 'https://shop.example.org/p', lists).ok).toBe(true);
  });
});

describe('store links through the API', () => {
  let t: TestApp;
  let owner: RegisteredUser;
  const existing = new Map<Store, number>();
  const existingId = (store: Store) => String(existing.get(store) ?? 0);
  let dhgateIds = 900_000_000;
  // Fresh each time: a second upload of one Hacoo or DHGate product is a duplicate (409).
  const validLinks = () => ({ link_hacoo: freshHacooLink(), link_dhgate: `https://www.dhgate.com/product/p/${++dhgateIds}.html` });

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    owner = await registerUser(t);
    for (const { store } of STORES) {
      const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ title: `Existing ${store}`, ...validLinks() }) });
      existing.set(store, res.body.results.data.id);
    }
  });
  afterAll(() => t.close());

  const storedLinks = (id: number) =>
    t.app.db.selectFrom('products').select(['link_hacoo', 'link_dhgate', 'link_cnfans', 'image']).where('id', '=', id).executeTakeFirstOrThrow();
  const productCount = async () => (await t.app.db.selectFrom('products').select('id').execute()).length;
  const imageFiles = async () => {
    const dir = join(t.config.imageDir, 'images', 'products');
    return existsSync(dir) ? (await readdir(dir)).sort() : [];
  };

  // The agent field (link_cnfans) keeps no link as typed, only its source item: agent-links/routes.test.ts.
  for (const { store, field, domain } of STORES.filter(({ store }) => store !== 'cnfans')) {
    describe(field, () => {
      for (const [label, link, message] of refused) {
        it(`refuses ${label} with a 422 on ${field}, on create and update, storing nothing`, async () => {
          const bad = { ...validLinks(), [field]: link(domain) };
          const [products, files] = [await productCount(), await imageFiles()];

          const created = await t.request('POST', '/products', { token: owner.token, form: await productForm(bad) });
          expect(created.status).toBe(422);
          expect(Object.keys(created.body.errors)).toEqual([field]);
          expect(created.body.errors[field]).toHaveLength(1);
          expect(created.body.errors[field][0]).toMatch(message(domain));
          expect(created.body.message).toBe(created.body.errors[field][0]);

          const id = existingId(store);
          const before = await storedLinks(Number(id));
          const updated = await t.request('POST', '/products/update', { token: owner.token, form: await productForm(bad, { id }) });
          expect(updated.status).toBe(422);
          expect(updated.body).toEqual(created.body);

          expect(await storedLinks(Number(id))).toEqual(before);
          expect(await productCount()).toBe(products);
          expect(await imageFiles()).toEqual(files);
        });
      }

      for (const [label, link, stored] of accepted) {
        it(`accepts ${label} on ${field}, on create and update`, async () => {
          const good = { ...validLinks(), [field]: link(domain) };
          const created = await t.request('POST', '/products', { token: owner.token, form: await productForm(good) });
          expect(created.status).toBe(201);
          expect(created.body.results.data[field]).toBe(stored(domain));
          // Gone before the same link is written to another product, which would otherwise be a duplicate.
          expect((await t.request('DELETE', `/products/${created.body.results.data.id}`, { token: owner.token })).status).toBe(200);

          const updated = await t.request('POST', '/products/update', {
            token: owner.token,
            form: await productForm({ ...good, image: null }, { id: existingId(store) }),
          });
          expect(updated.status).toBe(200);
          expect(updated.body.results.data[field]).toBe(stored(domain));
        });
      }
    });
  }
});
