import { STORES, type Store } from '@linkhunt/contracts/limits';
import type { LinkCheckReason } from '@linkhunt/contracts/link-health';
import { describe, expect, it } from 'vitest';
import { classifyPage, classifyRedirectTarget, PLATFORM_RULES, type PlatformRules } from './platform-rules.js';

type Category = keyof PlatformRules;

const HOST: Record<Store, string> = { hacoo: 'www.hacoo.com', dhgate: 'www.dhgate.com', cnfans: 'cnfans.com' };
const at = (platform: Store, path: string) => new URL(path, `https://${HOST[platform]}`);
const productUrl = (platform: Store) => at(platform, '/product/12345');

/** A live product page, so that each gone marker has to win over product metadata. */
const onProductPage = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Item</title><meta property="og:type" content="product"></head><body>${html}</body></html>`;
/** A page with nothing else a rule could recognise. */
const onPlainPage = (html: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Item</title></head><body>${html}</body></html>`;

/** One sample per rule, in the order of the rule table: the rule at the same index must fire on it. */
const COMMON: Record<Category, string[]> = {
  homePaths: ['/', '/index.html', '/home/'],
  searchPaths: ['/search?q=sneakers', '/s?k=sneakers'],
  notFoundPaths: ['/404.html', '/error?code=500'],
  soldOut: [
    '<script type="application/ld+json">{"@type":"Product","offers":{"@type":"Offer","availability": "https://schema.org/OutOfStock"}}</script>',
    '<link itemprop="availability" href="https://schema.org/SoldOut">',
    '<meta content="out of stock" property="product:availability">',
    '<title>Zapatillas – Agotado | Hacoo</title>',
    '<button class="buy" disabled> Ausverkauft </button>',
    '<p>This item is currently sold out.</p>',
    '<p>Este producto se ha agotado.</p>',
    '<p>Dieser Artikel ist leider ausverkauft.</p>',
    '<p>Questo articolo è esaurito.</p>',
    '<p>Cet article est épuisé.</p>',
    '<p>该商品已售罄</p>',
  ],
  removed: [
    '<script type="application/ld+json">{"offers":{"availability":"http://schema.org/Discontinued"}}</script>',
    '<p>The product is no longer available.</p>',
    '<p>This item has been removed by the seller.</p>',
    '<p>Este artículo ya no está disponible.</p>',
    '<p>Der Artikel ist nicht mehr verfügbar.</p>',
    '<p>Il prodotto non è più disponibile.</p>',
    '<p>Ce produit n’est plus disponible.</p>',
    '<p>该商品已下架</p>',
    '<title>Página no encontrada | Hacoo</title>',
  ],
  productPage: [
    '<meta content="product" property="og:type">',
    '<script type="application/ld+json">{"@context":"https://schema.org","@type": "Product","name":"Hoodie"}</script>',
    '<div itemscope itemtype="https://schema.org/Product"><h1>Hoodie</h1></div>',
  ],
};

const OWN: Record<Store, Partial<Record<Category, string[]>>> = {
  hacoo: { productPage: ['<script>window.__DATA__={"goods_id":"88123456","title":"Zapatillas"}</script>'] },
  dhgate: {
    searchPaths: ['/wholesale/search.do?searchkey=sneakers'],
    removed: ['<div class="prod-error"><p>Sorry, this item is no longer available.</p></div>'],
    productPage: ['<script>var itemcode = "900000123";</script>'],
  },
  cnfans: {
    removed: ['<div class="empty">Product not found</div>', '<div class="empty">商品不存在</div>'],
    productPage: ['<script>window.__NUXT__={"product":{"shop_type":"weidian","id":"7234"}}</script>'],
  },
};

const samples = (platform: Store, category: Category): string[] => [...COMMON[category], ...(OWN[platform][category] ?? [])];

const PATH_REASONS: Partial<Record<Category, LinkCheckReason>> = {
  homePaths: 'redirect_home',
  searchPaths: 'redirect_search',
  notFoundPaths: 'redirect_not_found',
};

describe.each(STORES)('%s rules', (platform) => {
  const rules = PLATFORM_RULES[platform];

  it('have exactly one sample per rule', () => {
    for (const category of Object.keys(rules) as Category[]) {
      expect(samples(platform, category), category).toHaveLength(rules[category].length);
    }
  });

  describe.each(Object.entries(PATH_REASONS) as [Category, LinkCheckReason][])('%s', (category, reason) => {
    it.each(samples(platform, category).map((path, index) => [index, path] as const))(`rule %i fires on %s: gone/${reason}`, (index, path) => {
      const url = at(platform, path);
      expect(rules[category][index]?.test(url.pathname.toLowerCase())).toBe(true);
      expect(classifyRedirectTarget(platform, url)).toBe(reason);
      // Landing on that path with a 200 is the same verdict, whatever the page lists.
      expect(classifyPage(platform, url, onProductPage(''))).toEqual({ result: 'gone', reason });
    });
  });

  it.each(samples(platform, 'soldOut').map((html, index) => [index, html] as const))('sold-out rule %i fires on %s', (index, html) => {
    expect(rules.soldOut[index]?.test(html)).toBe(true);
    expect(classifyPage(platform, productUrl(platform), onProductPage(html))).toEqual({ result: 'gone', reason: 'sold_out' });
  });

  it.each(samples(platform, 'removed').map((html, index) => [index, html] as const))('removed rule %i fires on %s', (index, html) => {
    expect(rules.removed[index]?.test(html)).toBe(true);
    expect(classifyPage(platform, productUrl(platform), onProductPage(html))).toEqual({ result: 'gone', reason: 'removed' });
  });

  it.each(samples(platform, 'productPage').map((html, index) => [index, html] as const))('product rule %i fires on %s', (index, html) => {
    expect(rules.productPage[index]?.test(html)).toBe(true);
    expect(classifyPage(platform, productUrl(platform), onPlainPage(html))).toEqual({ result: 'ok', reason: 'product_page' });
  });

  it('judges a live product page ok, though a size and a recommended item are sold out', () => {
    const page = onProductPage(`
      <h1>Oversized hoodie</h1>
      <ul class="sizes"><li>S</li><li class="disabled">M (sold out)</li><li>L</li></ul>
      <button class="buy">Add to cart</button>
      <section class="recommended"><div class="card"><span class="badge">Sold out</span> Cap</div><div class="card">Agotado</div></section>
      <script type="application/ld+json">{"@type":"Product","offers":{"availability":"https://schema.org/InStock"}}</script>`);
    expect(classifyPage(platform, productUrl(platform), page)).toEqual({ result: 'ok', reason: 'product_page' });
  });

  it('leaves a script shell unknown', () => {
    const shell = '<!doctype html><html><head><title>Loading…</title></head><body><div id="app"></div><script src="/assets/app.js"></script></body></html>';
    expect(classifyPage(platform, productUrl(platform), shell)).toEqual({ result: 'unknown', reason: 'unrecognised_page' });
    expect(classifyPage(platform, productUrl(platform), '')).toEqual({ result: 'unknown', reason: 'unrecognised_page' });
  });

  it.each(['/product/12345', '/p/1', '/product/abc.html', '/product/?shop_type=weidian&id=1', '/s/AbC123xYz', '/AbC123xYz', '/goods/search-light-42', '/searchlight/1', '/errors-and-omissions/9'])(
    'takes %s for a page of its own, not home, search or not-found',
    (path) => {
      expect(classifyRedirectTarget(platform, at(platform, path))).toBeNull();
    },
  );
});

describe('rule matching', () => {
  it('ignores letter case in markers and paths', () => {
    expect(classifyPage('hacoo', productUrl('hacoo'), '<META PROPERTY="og:type" CONTENT="product">')).toEqual({ result: 'ok', reason: 'product_page' });
    expect(classifyPage('dhgate', productUrl('dhgate'), onProductPage('<P>THIS ITEM IS SOLD OUT</P>'))).toEqual({ result: 'gone', reason: 'sold_out' });
    expect(classifyPage('cnfans', productUrl('cnfans'), onProductPage('<p>CET ARTICLE EST ÉPUISÉ</p>'))).toEqual({ result: 'gone', reason: 'sold_out' });
    expect(classifyRedirectTarget('dhgate', at('dhgate', '/Wholesale/Search.do?searchkey=x'))).toBe('redirect_search');
  });

  it('takes sold-out before removed when a page says both', () => {
    const page = onProductPage(`${COMMON.soldOut[5] ?? ''}${COMMON.removed[1] ?? ''}`);
    expect(classifyPage('hacoo', productUrl('hacoo'), page).reason).toBe('sold_out');
  });

  it("keeps one platform's markers off the others", () => {
    expect(classifyPage('hacoo', productUrl('hacoo'), onPlainPage('<script>var itemcode = "900000123";</script>')).reason).toBe('unrecognised_page');
    expect(classifyPage('dhgate', productUrl('dhgate'), onPlainPage('<p>Product not found</p>')).reason).toBe('unrecognised_page');
    expect(classifyRedirectTarget('cnfans', at('cnfans', '/wholesale/shoes.html'))).toBeNull();
  });
});
