// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type Catalogue, indexDocument, sitemapDocuments } from './sitemap-files.ts';

/**
 * The files as a crawler gets them validate against the sitemaps.org schemas (schema/, written from the
 * published text), checked by libxml2's xmllint (Debian's libxml2-utils, which .ci/run installs).
 */
const SCHEMAS = fileURLToPath(new URL('./schema/', import.meta.url));
const URLSET_SCHEMA = join(SCHEMAS, 'sitemap-hreflang.xsd');
const INDEX_SCHEMA = join(SCHEMAS, 'siteindex.xsd');
const BASE = 'https://shop.example';

const dir = mkdtempSync(join(tmpdir(), 'linkhunt-sitemap-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** xmllint's verdict on one document: ok, or its messages. */
async function validate(xml: string, schema: string): Promise<{ ok: boolean; output: string }> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  try {
    const { stderr } = await promisify(execFile)('xmllint', ['--noout', '--nonet', '--schema', schema, file]);
    return { ok: true, output: stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stderr?: string };
    if (failed.code === 'ENOENT') throw new Error('xmllint is not installed: apt-get install libxml2-utils');
    return { ok: false, output: failed.stderr ?? String(error) };
  }
}

const catalogue: Catalogue = {
  products: [
    { key: 'air-max-90', lastmod: '2026-03-01T10:00:00.000Z' },
    { key: 'bolso & "tote" ñ', lastmod: '2026-03-05T10:00:00.000Z', images: ['products/cover & one.webp', 'products/qc-2.webp'] },
  ],
  brands: [{ key: 'nike', lastmod: '2026-03-01T10:00:00.000Z' }],
  categories: [{ key: 'sneakers', lastmod: '2026-03-01T10:00:00.000Z' }],
  users: [{ key: 'lucia.finds', lastmod: '2026-02-01T00:00:00Z' }],
};
const documents = [...sitemapDocuments(BASE, catalogue, { maxUrls: 7, maxBytes: 1_000_000 })];

describe('the sitemaps against the sitemaps.org schema', () => {
  it('every urlset file is valid, language links and all', async () => {
    expect(documents.length).toBeGreaterThan(5);
    for (const document of documents) {
      const verdict = await validate(document.xml, URLSET_SCHEMA);
      expect(verdict, `${document.name}: ${verdict.output}`).toMatchObject({ ok: true });
    }
  });

  it('the index is valid', async () => {
    const verdict = await validate(indexDocument(BASE, documents), INDEX_SCHEMA);
    expect(verdict.output).toMatch(/validates/);
    expect(verdict.ok).toBe(true);
  });

  it('a file that breaks the schema is refused, so the check can fail', async () => {
    const valid = documents[0]?.xml ?? '';
    const badDate = valid.replace(/<lastmod>[^<]+<\/lastmod>/, '<lastmod>yesterday</lastmod>');
    expect((await validate(badDate, URLSET_SCHEMA)).ok).toBe(false);
    const badLink = valid.replace('rel="alternate"', 'rel="canonical"');
    expect((await validate(badLink, URLSET_SCHEMA)).ok).toBe(false);
    const unknownChild = valid.replace('</url>', '<priority>2</priority></url>');
    expect((await validate(unknownChild, URLSET_SCHEMA)).ok).toBe(false);
    const products = documents.find((document) => document.xml.includes('<image:image>'))?.xml ?? '';
    expect((await validate(products, URLSET_SCHEMA)).ok).toBe(true);
    // A tag Google no longer reads is not declared, so it cannot slip in.
    const deprecated = products.replace('</image:loc>', '</image:loc><image:caption>A tote</image:caption>');
    expect((await validate(deprecated, URLSET_SCHEMA)).ok).toBe(false);
  });
});
