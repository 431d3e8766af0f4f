// @vitest-environment jsdom
// jsdom for its strict XML parser (DOMParser): what it reads back is what a crawler's parser would.
import { describe, expect, it } from 'vitest';
import { chunkUrls, escapeXml, sitemapIndexDocument, type SitemapUrl, urlElement, urlsetDocument, w3cDate } from './sitemap-xml.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

function parse(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent ?? ''}\n${xml.slice(0, 500)}`);
  return document;
}

const url = (loc: string, lastmod = '2026-01-02T03:04:05.678Z'): SitemapUrl => ({
  loc,
  lastmod,
  alternates: [
    { hreflang: 'es', href: loc },
    { hreflang: 'x-default', href: loc },
  ],
});

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('drops characters XML 1.0 cannot carry and keeps every other one', () => {
    expect(escapeXml('a\u0000b\u0008c\u000Bd\uFFFEe\uD800f')).toBe('abcdef');
    expect(escapeXml('tab\tnl\nñ€😀')).toBe('tab\tnl\nñ€😀');
  });
});

describe('w3cDate', () => {
  it('writes a timestamp in UTC to the second, and keeps a bare date', () => {
    expect(w3cDate('2026-01-02T03:04:05.678Z')).toBe('2026-01-02T03:04:05Z');
    expect(w3cDate('2026-01-02T05:04:05+02:00')).toBe('2026-01-02T03:04:05Z');
    expect(w3cDate('2026-11-22')).toBe('2026-11-22');
  });

  it('refuses what is not a date', () => {
    expect(() => w3cDate('yesterday')).toThrow(/not a date/);
  });
});

describe('a urlset', () => {
  it('reads back the exact addresses, whatever characters they hold', () => {
    const tricky = `https://example.com/l'h&t/es/product/a%26b?x=<y>&z="1"`;
    const document = parse(urlsetDocument([urlElement(url(tricky)), urlElement(url('https://example.com/es/index'))]));
    expect(document.documentElement.namespaceURI).toBe(SITEMAP_NS);
    expect(document.documentElement.localName).toBe('urlset');
    const locs = [...document.getElementsByTagNameNS(SITEMAP_NS, 'loc')].map((loc) => loc.textContent);
    expect(locs).toEqual([tricky, 'https://example.com/es/index']);
    const links = document.getElementsByTagNameNS(XHTML_NS, 'link');
    expect(links).toHaveLength(4);
    expect(links[0]?.getAttribute('href')).toBe(tricky);
    expect(links[1]?.getAttribute('hreflang')).toBe('x-default');
    expect(document.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent).toBe('2026-01-02T03:04:05Z');
  });

  it('is still well-formed when an address carries a control character', () => {
    expect(() => parse(urlsetDocument([urlElement(url('https://example.com/es/product/a\u0001b'))]))).not.toThrow();
  });
});

describe('a sitemap index', () => {
  it('lists each file with its lastmod, when it has one', () => {
    const document = parse(
      sitemapIndexDocument([
        { loc: 'https://example.com/sitemaps/static-1.xml', lastmod: '2026-11-22' },
        { loc: 'https://example.com/sitemaps/products-1.xml?a=1&b=2' },
      ]),
    );
    expect(document.documentElement.localName).toBe('sitemapindex');
    expect(document.documentElement.namespaceURI).toBe(SITEMAP_NS);
    const entries = [...document.getElementsByTagNameNS(SITEMAP_NS, 'sitemap')].map((entry) => ({
      loc: entry.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent,
      lastmod: entry.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent,
    }));
    expect(entries).toEqual([
      { loc: 'https://example.com/sitemaps/static-1.xml', lastmod: '2026-11-22' },
      { loc: 'https://example.com/sitemaps/products-1.xml?a=1&b=2', lastmod: undefined },
    ]);
  });
});

describe('chunkUrls', () => {
  const urls = ['2026-01-03', '2026-01-01', '2026-01-05T10:00:00Z', '2026-01-02', '2026-01-04'].map((date, i) => url(`https://e.com/es/product/p${i}`, date));

  it('cuts at maxUrls, in order, each chunk dated by its newest URL', () => {
    const chunks = [...chunkUrls(urls, { maxUrls: 2, maxBytes: 1_000_000 })];
    expect(chunks.map((c) => c.elements.length)).toEqual([2, 2, 1]);
    expect(chunks.flatMap((c) => c.elements)).toEqual(urls.map(urlElement));
    expect(chunks.map((c) => c.lastmod)).toEqual(['2026-01-03', '2026-01-05T10:00:00Z', '2026-01-04']);
  });

  it('cuts before a file would pass maxBytes, counting the urlset around the URLs', () => {
    const alike = [1, 2, 3, 4, 5].map((i) => url(`https://e.com/es/product/p${i}`, '2026-01-01'));
    const element = Buffer.byteLength(urlElement(alike[0] as SitemapUrl));
    const frame = Buffer.byteLength(urlsetDocument([]));
    const chunks = [...chunkUrls(alike, { maxUrls: 50_000, maxBytes: frame + 3 * element })];
    expect(chunks.map((c) => c.elements.length)).toEqual([3, 2]);
    for (const chunk of chunks) expect(Buffer.byteLength(urlsetDocument(chunk.elements))).toBeLessThanOrEqual(frame + 3 * element);
  });

  it('gives nothing for no URLs (an empty urlset is not a valid sitemap)', () => {
    expect([...chunkUrls([], { maxUrls: 10, maxBytes: 1_000_000 })]).toEqual([]);
  });

  it('refuses a URL that no file could hold', () => {
    expect(() => [...chunkUrls(urls, { maxUrls: 10, maxBytes: 100 })]).toThrow(/larger than a sitemap file/);
  });
});
