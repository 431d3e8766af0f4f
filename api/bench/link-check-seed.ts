import type { Kysely } from 'kysely';
import type { LinkCheckReason, LinkVerdict } from '@linkhunt/contracts/link-health';
import type { DialectName } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';
import { insertProduct } from '../src/features/products/product-write-repository.js';
import { draftProduct, slugFor } from '../src/db/seed/demo-products.js';
import { type FakeBehaviour, fakeLink } from '../src/test/fake-platforms.js';
import { createTaxonomy } from './bench-catalogue.js';

/**
 * The link-check benchmark's catalogue: products with a Hacoo and a DHGate link each, written through the
 * app's own product writer (so their link rows are made as an upload makes them), spread over store
 * subdomains that the default allowlists accept, each link answering as its path tells the fake.
 */

type Db = Kysely<Database>;

interface Outcome {
  behaviour: FakeBehaviour;
  /** Links in every 100. */
  per100: number;
  verdict: Exclude<LinkVerdict, 'unknown'>;
  reason: LinkCheckReason;
}

/**
 * Mostly live product pages, then what dead links look like. Each answers in one request (no redirect is
 * followed), so the fake sees every link exactly once.
 */
export const OUTCOME_MIX: readonly Outcome[] = [
  { behaviour: 'product', per100: 85, verdict: 'ok', reason: 'product_page' },
  { behaviour: 'sold-out', per100: 5, verdict: 'gone', reason: 'sold_out' },
  { behaviour: 'not-found-404', per100: 4, verdict: 'gone', reason: 'not_found' },
  { behaviour: 'removed', per100: 2, verdict: 'gone', reason: 'removed' },
  { behaviour: 'redirect-home', per100: 2, verdict: 'gone', reason: 'redirect_home' },
  { behaviour: 'gone-410', per100: 2, verdict: 'gone', reason: 'not_found' },
];

/** The mix's outcome of the n-th link: a stride coprime with 100 spreads every outcome over every host. */
function outcomeOf(n: number): Outcome {
  let bucket = (n * 37) % 100;
  for (const outcome of OUTCOME_MIX) {
    if (bucket < outcome.per100) return outcome;
    bucket -= outcome.per100;
  }
  throw new Error('OUTCOME_MIX does not add up to 100');
}

export interface SeededLinks {
  products: number;
  links: number;
  hosts: string[];
  /** What the checker should conclude, by reason. */
  expectedReasons: Partial<Record<LinkCheckReason, number>>;
  expectedVerdicts: Record<'ok' | 'gone', number>;
}

/**
 * `links` / 2 products, each with a link on shopN.hacoo.com and one on shopN.dhgate.com (`hosts` / 2 of each),
 * every link row then scheduled a day ahead, so that nothing is due until the benchmark says so.
 * PostgreSQL writes products on several pooled connections at once; SQLite has the one.
 */
export async function seedLinks(db: Db, dialect: DialectName, links: number, hosts: number, dueAt: Date): Promise<SeededLinks> {
  const perPlatform = Math.max(1, Math.floor(hosts / 2));
  const hacooHosts = Array.from({ length: perPlatform }, (_, i) => `shop${i + 1}.hacoo.com`);
  const dhgateHosts = Array.from({ length: perPlatform }, (_, i) => `shop${i + 1}.dhgate.com`);
  const products = Math.ceil(links / 2);
  const cat = await createTaxonomy(db, dialect);
  const expectedReasons: Partial<Record<LinkCheckReason, number>> = {};
  const expectedVerdicts = { ok: 0, gone: 0 };
  const plan = (outcome: Outcome) => {
    expectedReasons[outcome.reason] = (expectedReasons[outcome.reason] ?? 0) + 1;
    expectedVerdicts[outcome.verdict] += 1;
    return outcome.behaviour;
  };

  const write = async (i: number) => {
    const draft = draftProduct(cat.rng);
    const hacoo = plan(outcomeOf(2 * i));
    const dhgate = 2 * i + 1 < links ? plan(outcomeOf(2 * i + 1)) : null;
    const slug = `${slugFor(draft.title, cat.rng)}-${i}`;
    await insertProduct(db, dialect, {
      slug,
      title: draft.title,
      brandId: cat.brandIds.get(draft.brand.slug) ?? 1,
      description: draft.description,
      linkHacoo: fakeLink('hacoo', hacoo, i, hacooHosts[i % perPlatform]),
      linkDhgate: dhgate === null ? null : fakeLink('dhgate', dhgate, i, dhgateHosts[i % perPlatform]),
      linkCnfans: null,
      image: `products/${slug}.webp`,
      thumbnail: `products/${slug}-thumb.webp`,
      categoryIds: draft.categories.flatMap((s) => cat.categoryIds.get(s) ?? []),
      colors: draft.colours.map((c) => c.name),
      userId: cat.userIds[i % cat.userIds.length] ?? 1,
    });
  };
  let next = 0;
  const workers = dialect === 'postgres' ? 8 : 1;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < products) await write(next++);
  }));

  await db.updateTable('link_checks').set({ next_check_at: dueAt.toISOString() }).execute();
  return { products, links, hosts: [...hacooHosts, ...dhgateHosts], expectedReasons, expectedVerdicts };
}
