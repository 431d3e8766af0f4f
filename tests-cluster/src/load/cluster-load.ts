import type { OwnProduct } from '@linkhunt/contracts/product';
import { Random } from '../../../api/src/db/seed/random.ts';
import { type LoopbackClient, NoAnswer } from '../support/http.ts';
import { type SignedIn, uploadForm } from '../support/site.ts';
import type { Entry, Kind, Ledger } from './ledger.ts';

/**
 * Bounded loads through the balancer, every request in a ledger. Each worker is one visitor (a loopback address of
 * its own) sending one request at a time until the run is stopped, or at the latest after `maxSeconds`.
 */

export interface Catalogue {
  /** Slugs of the seeded products visitors read. */
  slugs: string[];
  /** Stored picture paths (under /images/) of those products. */
  images: string[];
  categories: string[];
}

export interface LoadRun {
  /** Ends the run: every worker finishes the request it has in flight, then stops. */
  stop(): void;
  /** Settles once every worker has stopped. */
  done: Promise<void>;
}

/** What one worker sends next, into the ledger. */
type Step = (rng: Random) => Promise<void>;

/**
 * How a load is paced: `maxSeconds` bounds it; `pauseMs` is each visitor's pause between an answer and its next
 * request (0: as fast as the cluster answers, a benchmark's saturation; a pause leaves the machine room to restart a
 * server, so that a failover test measures the failover and not the machine's capacity).
 */
export interface Pace {
  maxSeconds: number;
  pauseMs: number;
}

/** Runs `steps` (one per worker) until stopped, or for `pace.maxSeconds`. */
function run(steps: Step[], pace: Pace, seed: number): LoadRun {
  let stopped = false;
  const deadline = performance.now() + pace.maxSeconds * 1000;
  const done = Promise.all(
    steps.map(async (step, index) => {
      const rng = new Random(seed + index);
      while (!stopped && performance.now() < deadline) {
        await step(rng);
        if (pace.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, rng.int(pace.pauseMs / 2, (pace.pauseMs * 3) / 2)));
      }
    }),
  ).then(() => undefined);
  return { stop: () => void (stopped = true), done };
}

/** Sends one request into the ledger; the answer, or undefined when none came. */
async function send(ledger: Ledger, client: LoopbackClient, kind: Kind, method: 'GET' | 'POST', url: string, extra: Partial<Entry> = {}, out: Omit<Parameters<LoopbackClient['send']>[0], 'method' | 'url'> = {}) {
  const entry = ledger.open({ kind, method, url, ...extra });
  try {
    const answer = await client.send({ method, url, ...out });
    ledger.answered(entry, answer.status);
    return { entry, answer };
  } catch (error) {
    ledger.failed(entry, error instanceof NoAnswer ? error.message : String(error));
    return { entry, answer: undefined };
  }
}

const SEARCHES = ['zapatillas', 'chaqueta', 'gorra negra', 'sudadera', 'vaqueros', 'camiseta'];

/**
 * The API under reads and uploads: `readers` read product pages, lists, searches and pictures; `uploaders`
 * alternate an upload (a small PNG) and a read of what was uploaded, by anyone, during the run.
 */
export function apiLoad(ledger: Ledger, apiUrl: string, catalogue: Catalogue, readers: LoopbackClient[], uploaders: SignedIn[], pace: Pace): LoadRun {
  const uploaded: string[] = [];
  let sequence = 0;
  const read = (client: LoopbackClient): Step => async (rng) => {
    const pick = rng.next();
    if (pick < 0.45) {
      const fresh = uploaded.length > 0 && rng.chance(0.3);
      const slug = fresh ? rng.pick(uploaded) : rng.pick(catalogue.slugs);
      await send(ledger, client, 'read', 'GET', `${apiUrl}/products/slug/${encodeURIComponent(slug)}`);
    } else if (pick < 0.65) {
      await send(ledger, client, 'read', 'GET', rng.chance(0.5) ? `${apiUrl}/products/recents` : `${apiUrl}/products/cat/${rng.pick(catalogue.categories)}`);
    } else if (pick < 0.8) {
      await send(ledger, client, 'read', 'GET', `${apiUrl}/products/search/${encodeURIComponent(rng.pick(SEARCHES))}`);
    } else {
      await send(ledger, client, 'image', 'GET', `${apiUrl}/images/${rng.pick(catalogue.images)}`);
    }
  };
  const uploadOrRead = (user: SignedIn): Step => {
    const reads = read(user.client);
    return async (rng) => {
      if (!rng.chance(0.5)) return reads(rng);
      sequence += 1;
      const title = `Cluster ${user.username} ${sequence}`;
      const { entry, answer } = await send(ledger, user.client, 'upload', 'POST', `${apiUrl}/products`, { title }, { token: user.token, multipart: await uploadForm(title) });
      if (answer?.status !== 201) return;
      const product = (JSON.parse(answer.text) as { results: { data: OwnProduct } }).results.data;
      entry.product = { id: product.id, slug: product.slug, image: product.image, thumbnail: product.thumbnail };
      uploaded.push(product.slug);
    };
  };
  return run([...readers.map(read), ...uploaders.map(uploadOrRead)], pace, 0xc1a5);
}

/** Pages through the balancer's site address: the home, products, categories, profiles, in two languages. */
export function pageLoad(ledger: Ledger, siteUrl: string, catalogue: Catalogue, usernames: readonly string[], visitors: LoopbackClient[], pace: Pace): LoadRun {
  const step = (client: LoopbackClient): Step => async (rng) => {
    const language = rng.pick(['es', 'en']);
    const pick = rng.next();
    const path =
      pick < 0.15 ? 'index'
      : pick < 0.65 ? `product/${encodeURIComponent(rng.pick(catalogue.slugs))}`
      : pick < 0.85 ? `cat/${rng.pick(catalogue.categories)}`
      : `user/${encodeURIComponent(rng.pick(usernames))}`;
    await send(ledger, client, 'page', 'GET', `${siteUrl}/${language}/${path}`, {}, { headers: { accept: 'text/html' } });
  };
  return run(visitors.map(step), pace, 0x9a9e);
}

/** Resolves once `condition` holds (checked every 50 ms), or rejects after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
