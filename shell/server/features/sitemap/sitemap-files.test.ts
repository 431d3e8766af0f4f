// @vitest-environment jsdom
// jsdom for its strict XML parser (DOMParser).
import { describe, expect, it } from 'vitest';
import { type Catalogue, indexDocument, SITEMAP_FILE_PATTERN, sitemapDocuments } from './sitemap-files.ts';
import { STATIC_PAGES } from './static-pages.ts';
import { MAX_BYTES_PER_FILE, MAX_URLS_PER_FILE } from './sitemap-xml.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const BASE = 'https://shop.example';
/** Five language entries per page: ten URLs are two pages' worth. */
const LIMITS = { maxUrls: 10, maxBytes: 1_000_000 };
const LANGUAGES = ['es', 'en', 'de', 'it', 'fr'];

interface ParsedUrl {
  loc: string | null | undefined;
  lastmod: string | null | undefined;
  alternates: Record<string, string | null>;
}

function urlsOf(xml: string): ParsedUrl[] {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) throw new Error(`not well-formed: ${xml}`);
  return [...document.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent,
    lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent,
    alternates: Object.fromEntries(
      [...url.getElementsByTagNameNS(XHTML_NS, 'link')].map((link) => {
        expect(link.getAttribute('rel')).toBe('alternate');
        return [link.getAttribute('hreflang') ?? '', link.getAttribute('href')];
      }),
    ),
  }));
}

const catalogue: Catalogue = {
  products: [
    { key: 'air-max-90', lastmod: '2026-03-01T10:00:00.000Z' },
    { key: 'bolso & "tote"', lastmod: '2026-03-05T10:00:00.000Z' },
    { key: 'gorra', lastmod: '2026-02-01T10:00:00.000Z' },
  ],
  brands: [{ key: 'nike', lastmod: '2026-03-01T10:00:00.000Z' }],
  categories: [{ key: 'sneakers', lastmod: '2026-03-01T10:00:00.000Z' }],
  users: [],
};

const documents = [...sitemapDocuments(BASE, catalogue, LIMITS)];
const byName = new Map(documents.map((d) => [d.name, d]));

describe('sitemapDocuments', () => {
  it('writes each kind in turn, cut at the URL limit, and no file for a kind with nothing in it', () => {
    // Home and the five static pages in five languages: thirty URLs, three files of ten.
    expect(documents.map((d) => d.name)).toEqual([
      'static-1.xml', 'static-2.xml', 'static-3.xml', 'products-1.xml', 'products-2.xml', 'brands-1.xml', 'categories-1.xml',
    ]);
    for (const document of documents) expect(document.name).toMatch(SITEMAP_FILE_PATTERN);
  });

  it('gives every language of a page its own entry, each with every language plus x-default as alternates', () => {
    const urls = urlsOf(byName.get('products-1.xml')?.xml ?? '').slice(0, 5);
    const alternates = {
      es: `${BASE}/es/product/air-max-90`,
      en: `${BASE}/en/product/air-max-90`,
      de: `${BASE}/de/product/air-max-90`,
      it: `${BASE}/it/product/air-max-90`,
      fr: `${BASE}/fr/product/air-max-90`,
      'x-default': `${BASE}/es/product/air-max-90`,
    };
    expect(urls).toEqual(LANGUAGES.map((language) => ({ loc: `${BASE}/${language}/product/air-max-90`, lastmod: '2026-03-01T10:00:00Z', alternates })));
  });

  it('lists every listed page in every language once, and only those', () => {
    const locs = documents.filter((d) => d.name.startsWith('products-')).flatMap((d) => urlsOf(d.xml).map((u) => u.loc));
    const slugs = ['air-max-90', 'bolso%20%26%20%22tote%22', 'gorra'];
    expect(locs).toEqual(slugs.flatMap((slug) => LANGUAGES.map((language) => `${BASE}/${language}/product/${slug}`)));
    // Reciprocal: every alternate of every entry is itself an entry that names it back.
    const all = documents.flatMap((d) => urlsOf(d.xml));
    const byLoc = new Map(all.map((u) => [u.loc, u]));
    for (const url of all) {
      for (const [hreflang, href] of Object.entries(url.alternates)) {
        const other = byLoc.get(href);
        expect(other, `${url.loc} names ${href}`).toBeDefined();
        if (hreflang !== 'x-default') expect(Object.values(other?.alternates ?? {})).toContain(url.loc);
      }
    }
  });

  it('puts a slug in the path as one encoded segment', () => {
    const locs = urlsOf(byName.get('products-1.xml')?.xml ?? '').map((u) => u.loc);
    expect(locs.filter((loc) => loc?.startsWith(`${BASE}/es/`))).toEqual([`${BASE}/es/product/air-max-90`, `${BASE}/es/product/bolso%20%26%20%22tote%22`]);
  });

  it('lists a product’s photos, cover first and encoded, at the image address, with each language version; other pages have none', () => {
    const withPhotos: Catalogue = { ...catalogue, products: [{ key: 'tote', lastmod: '2026-03-01T10:00:00Z', images: ['products/cover one.webp', 'products/qc#2.webp'] }] };
    const [products] = [...sitemapDocuments(BASE, withPhotos, LIMITS, 'https://img.example/cdn/')].filter((d) => d.name.startsWith('products'));
    const xml = products?.xml ?? '';
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    const perUrl = xml.split('<url>').slice(1).map((url) => [...url.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1]));
    expect(perUrl).toEqual(LANGUAGES.map(() => ['https://img.example/cdn/products/cover%20one.webp', 'https://img.example/cdn/products/qc%232.webp']));
    const others = documents.filter((d) => !d.name.startsWith('products')).map((d) => d.xml).join('');
    expect(others).not.toContain('<image:image>');
  });

  it('writes each kind at its route', () => {
    expect(urlsOf(byName.get('brands-1.xml')?.xml ?? '')[0]?.alternates.en).toBe(`${BASE}/en/brand/nike`);
    expect(urlsOf(byName.get('categories-1.xml')?.xml ?? '')[0]?.alternates.fr).toBe(`${BASE}/fr/cat/sneakers`);
    const users = [...sitemapDocuments(BASE, { ...catalogue, users: [{ key: 'lucia.finds', lastmod: '2026-01-01T00:00:00Z' }] }, LIMITS)];
    expect(urlsOf(users.find((d) => d.name === 'users-1.xml')?.xml ?? '')[0]?.loc).toBe(`${BASE}/es/user/lucia.finds`);
  });

  it('dates home by the newest listed page and each static page by its revision', () => {
    const statics = documents.filter((d) => d.name.startsWith('static-')).flatMap((d) => urlsOf(d.xml));
    const paths = ['index', ...STATIC_PAGES.map((p) => p.path)];
    expect(statics.map((u) => u.loc)).toEqual(paths.flatMap((path) => LANGUAGES.map((language) => `${BASE}/${language}/${path}`)));
    expect(statics.slice(0, 5).map((u) => u.lastmod)).toEqual(Array(5).fill('2026-03-05T10:00:00Z'));
    expect(statics.slice(5).map((u) => u.lastmod)).toEqual(STATIC_PAGES.flatMap((p) => Array(5).fill(p.revised)));
  });

  it('dates home by the static pages when the catalogue is empty', () => {
    const empty = [...sitemapDocuments(BASE, { products: [], brands: [], categories: [], users: [] }, { maxUrls: 50, maxBytes: 1_000_000 })];
    expect(empty.map((d) => d.name)).toEqual(['static-1.xml']);
    const newestRevision = STATIC_PAGES.map((p) => p.revised).sort().at(-1);
    expect(urlsOf(empty[0]?.xml ?? '')[0]?.lastmod).toBe(newestRevision);
  });
});

describe('at the protocol\'s limit', () => {
  it('cuts at 50,000 URLs a file, counting every language\'s URL', () => {
    // 10,001 products are 50,005 URLs: a full file and one of five, the last product's languages.
    const products = Array.from({ length: 10_001 }, (_, i) => ({ key: `p${i}`, lastmod: '2026-03-01T10:00:00Z' }));
    const files = [...sitemapDocuments(BASE, { products, brands: [], categories: [], users: [] }, { maxUrls: MAX_URLS_PER_FILE, maxBytes: MAX_BYTES_PER_FILE })]
      .filter((d) => d.name.startsWith('products-'));
    const count = (xml: string) => xml.match(/<url>/g)?.length ?? 0;
    expect(files.map((d) => [d.name, count(d.xml)])).toEqual([['products-1.xml', 50_000], ['products-2.xml', 5]]);
    expect(urlsOf(files[1]?.xml ?? '').map((u) => u.loc)).toEqual(LANGUAGES.map((language) => `${BASE}/${language}/product/p10000`));
  });
});

describe('indexDocument', () => {
  it('links every file under /sitemaps/ with the newest date of its URLs', () => {
    const xml = indexDocument(BASE, documents);
    const document = new DOMParser().parseFromString(xml, 'application/xml');
    const entries = [...document.getElementsByTagNameNS(SITEMAP_NS, 'sitemap')].map((s) => [
      s.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent,
      s.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent,
    ]);
    // products-1 holds air-max-90 and the tote in five languages each, products-2 the cap.
    expect(entries).toContainEqual([`${BASE}/sitemaps/products-1.xml`, '2026-03-05T10:00:00Z']);
    expect(entries).toContainEqual([`${BASE}/sitemaps/products-2.xml`, '2026-02-01T10:00:00Z']);
    expect(entries).toHaveLength(documents.length);
  });
});
