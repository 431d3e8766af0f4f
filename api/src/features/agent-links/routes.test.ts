import { AGENT_NAMES, DEFAULT_AGENTS } from '@linkhunt/contracts/agents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHacooLink, insertTaxonomy, productForm, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { SHORT_LINK_ITEMS, startFakeShortLinks, type FakeShortLinks } from '../../test/fake-short-links.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let fake: FakeShortLinks;
let uploader: RegisteredUser;
let other: RegisteredUser;

const AGENTS = ['kakobuy', 'cnfans', 'mulebuy'] as const;

beforeAll(async () => {
  fake = await startFakeShortLinks();
  t = await createTestApp(
    { agents: { offered: [...AGENTS], referrals: { kakobuy: 'LINKHUNT' }, shortLinkHosts: ['m.tb.cn', 'e.tb.cn', 'ikako.vip'], shortLinkTimeoutMs: 1_000 } },
    undefined,
    { linkCheckDispatcher: fake.dispatcher },
  );
  await insertTaxonomy(t);
  uploader = await registerUser(t);
  other = await registerUser(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let itemIds = 1_000_000_000;
/** An item id no other test has listed. */
const freshId = () => String(++itemIds);

const understand = (url: string, language = 'en', token = uploader.token) =>
  t.request('POST', '/agent-links/understand', { token, json: { url }, headers: { 'accept-language': language } });

const upload = (fields: Record<string, string>, token = uploader.token) =>
  productForm({ link_hacoo: freshHacooLink(), ...fields }).then((form) => t.request('POST', '/products', { token, form }));

describe('GET /agents', () => {
  it("lists the site's agents in the site's order, with their names", async () => {
    const res = await t.request('GET', '/agents');
    expect(res.status).toBe(200);
    expect(res.body.results.data).toEqual(AGENTS.map((agent) => ({ agent, name: AGENT_NAMES[agent] })));
  });

  it('offers the default agents when the site names none', () => {
    expect(DEFAULT_AGENTS.slice(0, 3)).toEqual(['cnfans', 'kakobuy', 'mulebuy']);
  });
});

describe('POST /agent-links/understand', () => {
  it('says what a Weidian link names, in the visitor\'s language', async () => {
    const id = '7233464590';
    const en = await understand(`https://weidian.com/item.html?itemID=${id}&spider_token=x`);
    expect(en.status).toBe(200);
    expect(en.body.results.data).toEqual({
      source_item: { marketplace: 'weidian', id },
      from: 'marketplace',
      short_link: false,
      marketplace_link: `https://weidian.com/item.html?itemID=${id}`,
      summary: `Weidian item ${id}: opens in each visitor's agent`,
    });
    const es = await understand(`https://weidian.com/item.html?itemID=${id}`, 'es');
    expect(es.body.results.data.summary).toBe(`Artículo ${id} de Weidian: se abre en el agente de cada visitante`);
  });

  it('follows a short link through the fake to the item: by redirect, through another short host, and inside a share page', async () => {
    const byRedirect = await understand('https://m.tb.cn/to-weidian');
    expect(byRedirect.body.results.data).toMatchObject({ source_item: SHORT_LINK_ITEMS.weidian, short_link: true, from: 'marketplace' });
    expect((await understand('https://m.tb.cn/hop')).body.results.data.source_item).toEqual(SHORT_LINK_ITEMS.weidian);
    expect((await understand('https://ikako.vip/to-kakobuy')).body.results.data).toMatchObject({ source_item: SHORT_LINK_ITEMS.kakobuy, from: 'kakobuy' });
    expect((await understand('https://e.tb.cn/page-taobao')).body.results.data.source_item).toEqual(SHORT_LINK_ITEMS.taobao);
  });

  it('refuses a short link that leads to no item, off the allowlist, in circles or nowhere in time', async () => {
    for (const path of ['/dead', '/foreign', '/no-item', '/loop', '/hang']) {
      const res = await understand(`https://m.tb.cn${path}`, 'de');
      expect(res.status, path).toBe(422);
      expect(res.body, path).toMatchObject({ code: 'agent_link.short_link_failed', message: expect.stringMatching(/^Dieser Kurzlink/) });
    }
    // The foreign host was never fetched: a redirect off the allowlist ends the walk.
    expect(fake.requests.some((request) => request.startsWith('evil.example'))).toBe(false);
  });

  it('refuses what is not an item link, with a message in the visitor\'s language', async () => {
    const cases: [string, string][] = [
      ['not a link', 'agent_link.not_a_link'],
      ['https://notcnfans.com/product?id=1&platform=WEIDIAN', 'agent_link.unsupported'],
      ['https://cnfans.com.evil.example/product?id=1&platform=WEIDIAN', 'agent_link.unsupported'],
      ['https://www.hacoo.com/product/123', 'agent_link.unsupported'],
      ['https://cnfans.com/', 'agent_link.not_an_item'],
    ];
    for (const [url, code] of cases) {
      const res = await understand(url, 'fr');
      expect(res.status, url).toBe(422);
      expect(res.body.code, url).toBe(code);
      expect(res.body.errors.url[0], url).toBe(res.body.message);
    }
    expect((await understand('https://notcnfans.com/product?id=1', 'it')).body.message).toMatch(/^I link di notcnfans\.com non sono supportati/);
  });

  it('is for signed-in users only', async () => {
    const res = await t.request('POST', '/agent-links/understand', { json: { url: 'https://weidian.com/item.html?itemID=1' } });
    expect(res.status).toBe(401);
  });
});

describe('uploads with an agent link', () => {
  it.each([
    ['Kakobuy', (id: string) => `https://www.kakobuy.com/item/details?url=${encodeURIComponent(`https://weidian.com/item.html?itemID=${id}`)}&affcode=someone`, 'weidian'],
    ['Mulebuy', (id: string) => `https://mulebuy.com/product/?shop_type=taobao&id=${id}&ref=200000000`, 'taobao'],
    ['Hoobuy', (id: string) => `https://hoobuy.com/product/2/${id}?inviteCode=abc`, 'weidian'],
    ['a raw Weidian link', (id: string) => `https://weidian.com/item.html?itemID=${id}`, 'weidian'],
    ['a raw Taobao link', (id: string) => `https://item.taobao.com/item.htm?id=${id}&spm=a1z10`, 'taobao'],
  ] as const)('stores %s as its source item and builds every offered agent\'s link from it', async (_name, linkOf, marketplace) => {
    const id = freshId();
    const res = await upload({ link_cnfans: linkOf(id) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const product = res.body.results.data;
    expect(product.source_item).toEqual({ marketplace, id });
    // Nobody's referral code rides on the stored link.
    expect(product.link_cnfans).not.toMatch(/someone|ref=|inviteCode|affcode/);

    const links = (await t.request('GET', `/products/${product.id}`)).body.results.data;
    expect(links.agent_links.map((l: { agent: string }) => l.agent)).toEqual([...AGENTS]);
    const kakobuy = links.agent_links[0];
    expect(kakobuy.name).toBe('Kakobuy');
    expect(kakobuy.url).toMatch(/^https:\/\/www\.kakobuy\.com\//);
    expect(kakobuy.url).toContain('affcode=LINKHUNT');
    expect(links.agent_links[1].url).toMatch(/^https:\/\/cnfans\.com\//);
    expect(links.link_cnfans).toBe(links.agent_links[1].url);
    expect(links.marketplace_link).toContain(id);

    const bySlug = (await t.request('GET', `/products/slug/${product.slug}`)).body.results.data;
    expect(bySlug.source_item).toEqual({ marketplace, id });
  });

  it('stores a short link as the item it leads to', async () => {
    const res = await upload({ link_cnfans: 'https://e.tb.cn/page-taobao' });
    expect(res.status).toBe(201);
    expect(res.body.results.data.source_item).toEqual(SHORT_LINK_ITEMS.taobao);
  });

  it('refuses a dead short link with the field\'s message, and saves nothing', async () => {
    const before = (await t.request('GET', `/auth/products`, { token: other.token })).body.results.meta.pagination.total;
    const form = await productForm({ link_hacoo: freshHacooLink(), link_cnfans: 'https://m.tb.cn/dead' });
    const res = await t.request('POST', '/products', { token: other.token, form, headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.link_cnfans).toEqual([expect.stringMatching(/^No se ha podido seguir este enlace corto/)]);
    expect((await t.request('GET', `/auth/products`, { token: other.token })).body.results.meta.pagination.total).toBe(before);
  });

  it('leaves products without an agent link without a source item or agent links', async () => {
    const res = await upload({});
    expect(res.body.results.data.source_item).toBeNull();
    const links = (await t.request('GET', `/products/${res.body.results.data.id}`)).body.results.data;
    expect(links).toMatchObject({ agent_links: [], marketplace_link: null, link_cnfans: null });
  });
});

describe('duplicates', () => {
  it('answers 409 with the existing product when its source item is listed again, from any agent', async () => {
    const id = freshId();
    const first = (await upload({ link_cnfans: `https://weidian.com/item.html?itemID=${id}` })).body.results.data;
    const again = await upload({ link_cnfans: `https://www.kakobuy.com/item/details?url=${encodeURIComponent(`https://weidian.com/item.html?itemID=${id}`)}` }, other.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'product.duplicate',
      existing: { id: first.id, slug: first.slug, title: first.title, thumbnail: first.thumbnail, username: uploader.username, field: 'link_cnfans' },
    });
    expect(again.body.message).toBe(`This item is already listed: "${first.title}" by @${uploader.username}.`);
  });

  it('answers 409 for a Hacoo or DHGate product already listed by its id', async () => {
    const hacoo = freshHacooLink();
    const first = (await upload({ link_hacoo: hacoo })).body.results.data;
    const sameHacoo = await upload({ link_hacoo: `${hacoo.replace('www.', '')}?utm_source=share` }, other.token);
    expect(sameHacoo.status).toBe(409);
    expect(sameHacoo.body.existing).toMatchObject({ slug: first.slug, field: 'link_hacoo' });

    const dhgate = `https://www.dhgate.com/product/boots/${freshId()}.html`;
    const withDhgate = (await upload({ link_dhgate: dhgate })).body.results.data;
    const sameDhgate = await upload({ link_dhgate: dhgate.replace('www.', 'm.').replace('/boots/', '/other-title/') }, other.token);
    expect(sameDhgate.status).toBe(409);
    expect(sameDhgate.body.existing).toMatchObject({ slug: withDhgate.slug, field: 'link_dhgate' });
  });

  it('refuses an edit into a duplicate, and lets a product keep its own links', async () => {
    const id = freshId();
    const listed = (await upload({ link_cnfans: `https://item.taobao.com/item.htm?id=${id}` })).body.results.data;
    const mine = (await upload({ link_cnfans: `https://weidian.com/item.html?itemID=${freshId()}` })).body.results.data;
    const edit = async (fields: Record<string, string>) => {
      const form = await productForm({ link_hacoo: mine.link_hacoo, image: null, ...fields }, { id: String(mine.id) });
      return t.request('POST', '/products/update', { token: uploader.token, form });
    };
    const into = await edit({ link_cnfans: `https://detail.tmall.com/item.htm?id=${id}` });
    expect(into.status).toBe(409);
    expect(into.body.existing.slug).toBe(listed.slug);
    const unchanged = await edit({ link_cnfans: mine.link_cnfans, title: 'Renamed, same links' });
    expect(unchanged.status).toBe(200);
  });
});

describe('search by link', () => {
  it('finds the product listing the item a pasted link names, whichever agent the link is from', async () => {
    const id = freshId();
    const product = (await upload({ link_cnfans: `https://weidian.com/item.html?itemID=${id}`, title: 'Zapatillas de búsqueda por enlace' })).body.results.data;
    const pasted = `https://www.kakobuy.com/item/details?url=${encodeURIComponent(encodeURIComponent(`https://weidian.com/item.html?itemID=${id}`))}&affcode=x`;
    const listing = await t.request('GET', `/products?q=${encodeURIComponent(pasted)}`);
    expect(listing.status).toBe(200);
    expect(listing.body.results.data.map((p: { id: number }) => p.id)).toEqual([product.id]);
    const search = await t.request('GET', `/products/search/${encodeURIComponent(`https://weidian.com/item.html?itemID=${id}`)}`);
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    expect(search.body.results.data.map((p: { id: number }) => p.id)).toEqual([product.id]);
    const byHacoo = await t.request('GET', `/products?q=${encodeURIComponent(product.link_hacoo)}`);
    expect(byHacoo.body.results.data.map((p: { id: number }) => p.id)).toEqual([product.id]);
  });

  it('finds nothing for an item nobody listed, and still searches words past the link length limit by their start', async () => {
    const none = await t.request('GET', `/products?q=${encodeURIComponent(`https://weidian.com/item.html?itemID=${freshId()}`)}`);
    expect(none.body.results.data).toEqual([]);
    const long = await t.request('GET', `/products?q=${encodeURIComponent(`zapatillas ${'x'.repeat(500)}`)}`);
    expect(long.status).toBe(200);
  });
});

describe('the preferred agent', () => {
  const update = (fields: Record<string, string>, token = other.token) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return t.request('POST', '/auth/update', { token, form, headers: { 'accept-language': 'en' } });
  };

  it('is kept in the account, follows the user to any session, and is cleared when sent empty', async () => {
    expect((await update({ preferred_agent: 'mulebuy' })).body.user.data.preferred_agent).toBe('mulebuy');
    const signedIn = await t.request('POST', '/auth/login', { json: { email: other.email, password: other.password } });
    expect(signedIn.body.user.data.preferred_agent).toBe('mulebuy');
    expect((await update({ preferred_agent: '' })).body.user.data.preferred_agent).toBeNull();
  });

  it('must be an agent the site offers', async () => {
    const res = await update({ preferred_agent: 'superbuy' });
    expect(res.status).toBe(422);
    expect(res.body.errors.preferred_agent).toEqual(['superbuy is not one of the buying agents this site offers.']);
  });
});
