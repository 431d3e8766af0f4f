import { DEFAULT_SITE_ORIGINS, loadConfig } from '../src/config.js';
import { Random } from '../src/db/seed/random.js';
import { type Answer, type Client, type HttpClient, multipartBody, type Outgoing, parseJson, type TransportError } from './http-client.js';
import { bump, type Kind, type Ledger, utcDay } from './load-ledger.js';

/**
 * What the connections of the load run send: each connection is one client (its own address and agent)
 * signed in as its own account, walking a weighted mix of reads and writes, one request at a time. A
 * few connections instead flood one rate-limited route each, so that every limit is reached.
 *
 * Writes are arranged so that their effect on the database can be computed from the answers: each
 * account toggles its own favourites and writes its own reviews, one request at a time, so no other
 * connection races it for a row; the shared "crowd" account only ever adds, from every connection at once.
 */

export interface LoadUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

export interface Catalogue {
  /** Visible products of the seeded catalogue. */
  products: readonly { id: number; slug: string }[];
  usernames: readonly string[];
  categories: readonly string[];
  brands: readonly string[];
}

export interface LoadPlan {
  catalogue: Catalogue;
  /** One account per connection. */
  users: readonly LoadUser[];
  /** Shared by every connection for the concurrent favourite adds. */
  crowd: LoadUser;
  /** The account the wrong-password logins are aimed at. */
  victim: LoadUser;
  png: Buffer;
}

/** The routes flooded by dedicated connections (two each), in the order connections 0, 1, 2… take them. */
export const FLOODED: readonly Kind[] = ['login-wrong', 'report', 'visit', 'contact', 'register', 'download'];
const FLOODERS_PER_ROUTE = 2;

export interface Worker {
  index: number;
  client: Client;
  user: LoadUser;
  rng: Random;
  flood: Kind | null;
  favouritePool: number[];
  reviewPool: number[];
  /** The products this client keeps coming back to: repeat link fetches, which must not count again the same day. */
  downloadPool: number[];
  sequence: number;
  /** The last 429 per kind: when it came and the Retry-After it carried (seconds). */
  last429: Map<Kind, { at: number; retryAfter: number }>;
}

const addressOf = (index: number) => `10.70.${index >> 8}.${(index & 255) + 1}`;

/** The site's Origin, as the browser sends it with the counting requests (the server runs with the default CORS_ORIGINS). */
const SITE_ORIGIN = DEFAULT_SITE_ORIGINS[0];
/** The server's limits: it runs with the defaults. */
const LIMITS = loadConfig({});

export function makeWorkers(plan: LoadPlan): Worker[] {
  return plan.users.map((user, index) => {
    const rng = new Random(0x10ad + index);
    const products = plan.catalogue.products.map((p) => p.id);
    const floodIndex = Math.floor(index / FLOODERS_PER_ROUTE);
    return {
      index,
      client: { address: addressOf(index), userAgent: `linkhunt-load/${index}`, token: user.token },
      user,
      rng,
      flood: floodIndex < FLOODED.length ? (FLOODED[floodIndex] ?? null) : null,
      favouritePool: rng.sample(products, 5),
      reviewPool: rng.sample(products, 8),
      downloadPool: rng.sample(products, 4),
      sequence: 0,
      last429: new Map(),
    };
  });
}

interface Sent {
  answer: Answer;
  ok: boolean;
  body: unknown;
}

/** Sends, counts the answer (or its absence) in the ledger, and notes a 429's Retry-After. */
export async function send(http: HttpClient, ledger: Ledger, worker: Worker, kind: Kind, out: Outgoing): Promise<Sent | null> {
  let answer: Answer;
  try {
    answer = await http.send(worker.client, out);
  } catch (error) {
    ledger.failed(kind, out, error as TransportError);
    return null;
  }
  const ok = ledger.answer(kind, out, answer);
  if (answer.status === 429) {
    worker.last429.set(kind, { at: Date.now(), retryAfter: Number(answer.headers['retry-after'] ?? NaN) });
  }
  return { answer, ok, body: parseJson(answer) };
}

// Typed, accented, misspelled and search-engine syntax: only the words are searched, the rest is text.
const SEARCHES = [
  'zapatillas', 'pantalón', 'pantalon', 'chándal', 'riñonera', 'Nómada', 'llegó', 'calidad de', 'cal', 'sudaderra',
  '"sudadera', 'gorra*', 'NEAR(gorra negro)', 'vaqueros AND baggy', 'NOT chaqueta', 'camiseta OR top', '(abrigo',
  'title:gorra', '^negro', '-lana', "l'algodón", 'a\\b', 'ñ', '日本', '😀 zapatillas', '%', '   ', 'zapatillas/negras',
];
const TITLES = ['Chaqueta cortavientos ligera', 'Zapatillas retro blancas', 'Sudadera con capucha oversize', 'Gorra de béisbol bordada'];
const COLOURS = ['black', 'white', 'red', 'blue', 'green'];
const REVIEWS = ['Llegó rápido y la talla es correcta.', 'Calidad normal para el precio.', '<b>Muy</b> buena compra 👍', ''];

function readData(body: unknown): Record<string, unknown> | undefined {
  const results = (body as { results?: { data?: unknown } } | undefined)?.results;
  const data = results?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
}

/** Sends one request of its kind and records what the answer implies; resolves to the status (null: no answer). */
export type Operation = (http: HttpClient, ledger: Ledger, plan: LoadPlan, w: Worker) => Promise<number | null>;

const read = (kind: Kind, path: (plan: LoadPlan, w: Worker, ledger: Ledger) => string, signedIn = false): Operation =>
  async (http, ledger, plan, w) => (await send(http, ledger, w, kind, { method: 'GET', path: path(plan, w, ledger), signedIn }))?.answer.status ?? null;

const listPath = ({ catalogue }: LoadPlan, w: Worker): string => {
  const { rng } = w;
  const page = rng.chance(0.3) ? `?page=${rng.int(1, 4)}&per_page=${rng.pick([10, 20])}` : '';
  return rng.pick([
    '/products/featured', '/products/recents', `/products/cat/${rng.pick(catalogue.categories)}${page}`, '/categories',
    '/categories/featured', '/brands', `/brands/slug/${rng.pick(catalogue.brands)}`, '/users/top?include=products',
  ]);
};

const productPath = ({ catalogue }: LoadPlan, w: Worker, ledger: Ledger): string => {
  // Now and then a product uploaded during the run, so new rows are read while they are written.
  const fresh = ledger.uploadedSlugs.length > 0 && w.rng.chance(0.2);
  const slug = fresh ? w.rng.pick(ledger.uploadedSlugs) : w.rng.pick(catalogue.products).slug;
  return `/products/slug/${encodeURIComponent(slug)}${w.rng.chance(0.5) ? '?include=user' : ''}`;
};

const profilePath = ({ catalogue }: LoadPlan, w: Worker): string => {
  const username = encodeURIComponent(w.rng.pick(catalogue.usernames));
  return w.rng.chance(0.5) ? `/users/username/${username}?include=products` : `/users/username/${username}/valorations`;
};

const statusOf = (sent: Sent | null) => sent?.answer.status ?? null;

/**
 * As the site does it: the store links (a GET, which counts nothing), then opening one, a POST from the site's
 * Origin: one download per visitor (the account when signed in, else the address, never the agent) per product per day.
 */
const download: Operation = async (http, ledger, plan, w) => {
  const product = w.rng.chance(0.7) ? w.rng.pick(w.downloadPool) : w.rng.pick(plan.catalogue.products).id;
  const signedIn = w.rng.chance(0.5);
  const links = await send(http, ledger, w, 'links', { method: 'GET', path: `/products/${product}`, signedIn });
  if (links?.answer.status !== 200) return statusOf(links);
  const sent = await send(http, ledger, w, 'download', { method: 'POST', path: `/products/${product}/downloads`, signedIn, origin: SITE_ORIGIN });
  if (sent?.answer.status === 200) {
    const visitor = signedIn ? `u:${w.user.id}` : `v:${w.client.address}`;
    const seen = ledger.downloadVisitors.get(product) ?? new Set<string>();
    seen.add(`${visitor}|${utcDay()}`);
    ledger.downloadVisitors.set(product, seen);
    if (readData(sent.body)?.counted === true) bump(ledger.countedDownloads, product);
  }
  return statusOf(sent);
};

/** The crowd account: every connection adds the same two products at once; each must end up one row. */
const crowdFavourite: Operation = async (http, ledger, plan, w) => {
  const product = plan.catalogue.products[w.rng.int(0, 1)]?.id ?? 0;
  const out: Outgoing = { method: 'POST', path: `/products/${product}/favourite` };
  const sent = await send(http, ledger, { ...w, client: { ...w.client, token: plan.crowd.token } }, 'favourite', out);
  if (sent?.answer.status === 429) return statusOf(sent);
  if (sent?.ok && readData(sent.body)?.favourite === true) ledger.crowdFavourites.add(product);
  else if (sent?.ok) ledger.odd({ kind: 'favourite', request: `crowd ${out.method} ${out.path}`, status: sent.answer.status, detail: sent.answer.text.slice(0, 200) });
  return statusOf(sent);
};

/** Toggles one of the account's own favourites, now and then repeating the last state (idempotent). */
const favourite: Operation = async (http, ledger, plan, w) => {
  if (w.rng.chance(0.15)) return crowdFavourite(http, ledger, plan, w);
  const product = w.rng.pick(w.favouritePool);
  const key = `${w.user.id}:${product}`;
  const current = ledger.favouriteState.get(key) ?? false;
  const add = w.rng.chance(0.8) ? !current : current;
  const out: Outgoing = { method: add ? 'POST' : 'DELETE', path: `/products/${product}/favourite` };
  const sent = await send(http, ledger, w, 'favourite', out);
  // A 429 (past the account's toggles a minute) changed nothing: the state stays the last one answered.
  if (sent?.ok && sent.answer.status === 200) {
    const state = readData(sent.body)?.favourite;
    if (state === add) ledger.favouriteState.set(key, state);
    else ledger.odd({ kind: 'favourite', request: `${out.method} ${out.path}`, status: sent.answer.status, detail: `asked ${add}, answered ${String(state)}` });
  }
  return statusOf(sent);
};

/** Reviews one of the account's products to review: 201 the first time, 200 when it replaces the earlier one. */
const review: Operation = async (http, ledger, _plan, w) => {
  const product = w.rng.pick(w.reviewPool);
  const text = w.rng.pick(REVIEWS);
  const out: Outgoing = { method: 'POST', path: `/products/${product}/valorations`, json: { stars: w.rng.int(1, 5), ...(text ? { review: text } : {}) } };
  const sent = await send(http, ledger, w, 'review', out);
  if (sent?.answer.status === 201) bump(ledger.firstReviews, `${w.user.id}:${product}`);
  return statusOf(sent);
};

/** A product upload (multipart, a small PNG); titles repeat across connections, so slugs are raced for. */
const upload: Operation = async (http, ledger, plan, w) => {
  const categories = w.rng.sample(plan.catalogue.categories, w.rng.int(1, 2));
  const form = new FormData();
  form.set('title', w.rng.pick(TITLES));
  form.set('brand', w.rng.pick(plan.catalogue.brands));
  form.set('description', `Subida durante la prueba de carga: conexión ${w.index}, envío ${w.sequence}. Talla normal, tejido cómodo.`);
  form.set('link_hacoo', `https://www.hacoo.com/product/load-${w.index}-${w.sequence}`);
  if (w.rng.chance(0.5)) form.set('link_dhgate', `https://www.dhgate.com/product/load-${w.index}-${w.sequence}.html`);
  for (const c of categories) form.append('categories[]', c);
  for (const c of w.rng.sample(COLOURS, 2)) form.append('colors[]', c);
  form.set('image', new Blob([new Uint8Array(plan.png)], { type: 'image/png' }), 'foto.png');
  const sent = await send(http, ledger, w, 'upload', { method: 'POST', path: '/products', multipart: await multipartBody(form) });
  const accepted = ledger.uploads.get(w.user.id)?.length ?? 0;
  if (sent?.answer.status === 429 && accepted < LIMITS.dailyUploadLimit) {
    ledger.odd({ kind: 'upload', request: 'POST /products', status: 429, detail: `refused after ${accepted} uploads today, below the daily limit of ${LIMITS.dailyUploadLimit}` });
  } else if (sent?.answer.status === 201) {
    const data = readData(sent.body);
    if (typeof data?.id === 'number' && typeof data.slug === 'string') {
      ledger.uploads.set(w.user.id, [...(ledger.uploads.get(w.user.id) ?? []), data.id]);
      ledger.uploadCategories.set(data.id, categories.length);
      ledger.uploadedSlugs.push(data.slug);
    } else {
      ledger.odd({ kind: 'upload', request: 'POST /products', status: sent.answer.status, detail: sent.answer.text.slice(0, 200) });
    }
  }
  return statusOf(sent);
};

/** A shared-profile visit; a tenth of the mix's are the owner opening their own link, which never counts. */
const visit: Operation = async (http, ledger, plan, w) => {
  const own = w.flood === null && w.rng.chance(0.1);
  const owner = own ? w.user.username : w.rng.pick(plan.catalogue.usernames);
  const out: Outgoing = { method: 'POST', path: `/users/${encodeURIComponent(owner)}/visit`, signedIn: own || w.rng.chance(0.5), origin: SITE_ORIGIN };
  const sent = await send(http, ledger, w, 'visit', out);
  if (sent?.answer.status === 200) {
    const counted = (sent.body as { counted?: unknown } | undefined)?.counted;
    if (own && counted !== false) ledger.ownVisitsCounted += 1;
    else if (counted === true) bump(ledger.countedVisits, owner);
  }
  return statusOf(sent);
};

const report: Operation = async (http, ledger, plan, w) => {
  const product = w.rng.pick(plan.catalogue.products).id;
  const out: Outgoing = { method: 'POST', path: '/products/report', json: { id: product, reason: 'broken_link', details: 'El enlace no funciona / link roto' }, signedIn: w.rng.chance(0.5), origin: SITE_ORIGIN };
  const sent = await send(http, ledger, w, 'report', out);
  if (sent?.answer.status === 201) bump(ledger.newReports, product);
  return statusOf(sent);
};

const contact: Operation = async (http, ledger, _plan, w) => {
  const email = `load-w${w.index}@example.com`;
  const message = { email, subject: `Consulta ${w.sequence}`, message: '¿Podéis revisar los enlaces de la categoría de calzado? Gracias.' };
  const sent = await send(http, ledger, w, 'contact', { method: 'POST', path: '/contact', json: message, signedIn: false });
  if (sent?.answer.status === 201) bump(ledger.contactMessages, email);
  return statusOf(sent);
};

/** A wrong password for the victim's account, from this connection's address. */
export const loginWrong: Operation = async (http, ledger, plan, w) => {
  const out: Outgoing = { method: 'POST', path: '/auth/login', json: { email: plan.victim.email, password: `not the password ${w.sequence}` }, signedIn: false };
  return statusOf(await send(http, ledger, w, 'login-wrong', out));
};

/** The connection's own account signing in with its right password. */
export const login: Operation = async (http, ledger, _plan, w) => {
  const out: Outgoing = { method: 'POST', path: '/auth/login', json: { email: w.user.email, password: w.user.password }, signedIn: false };
  return statusOf(await send(http, ledger, w, 'login', out));
};

const register: Operation = async (http, ledger, _plan, w) => {
  const username = `load_r${w.index}_${w.sequence}_${Date.now() % 100_000}`;
  const out: Outgoing = { method: 'POST', path: '/auth/register', json: { username, email: `${username}@example.com`, password: 'a load-test password' }, signedIn: false };
  const sent = await send(http, ledger, w, 'register', out);
  if (sent?.answer.status === 201) ledger.registered += 1;
  return statusOf(sent);
};

/** The operation each flooded route is flooded with, and sent once more to see it recover. */
export const FLOOD_OPERATIONS: Partial<Record<Kind, Operation>> = { 'login-wrong': loginWrong, report, visit, contact, register, download };

/** The everyday mix, by weight: about 60 % reads, 40 % writes (link fetches and visits count as writes). */
const MIX: readonly [Operation, number][] = [
  [read('list', listPath), 18],
  [read('product', productPath), 16],
  [read('search', (_plan, w) => `/products/search/${encodeURIComponent(w.rng.pick(SEARCHES))}`), 16],
  [read('profile', profilePath), 6],
  [read('my-favourites', () => '/auth/favs', true), 3],
  [download, 12],
  [favourite, 10],
  [review, 5],
  [visit, 5],
  [upload, 2],
  [report, 3],
  [contact, 3],
];

/**
 * Flooding connections whose limit the run did not reach (a server too slow for one connection to send more
 * than the limit in the run) keep on after it, alone, until the route answers 429. A window lasts a minute,
 * so a little over one bounds the wait. Returns those connections.
 */
export async function finishFloods(http: HttpClient, ledger: Ledger, plan: LoadPlan, workers: readonly Worker[], boundMs = 65_000): Promise<Worker[]> {
  const late = workers.filter((w) => w.flood !== null && !w.last429.has(w.flood));
  const until = performance.now() + boundMs;
  await Promise.all(
    late.map(async (w) => {
      const kind = w.flood;
      const flood = kind ? FLOOD_OPERATIONS[kind] : undefined;
      while (kind && flood && !w.last429.has(kind) && performance.now() < until) {
        w.sequence += 1;
        await flood(http, ledger, plan, w);
      }
    }),
  );
  return late;
}

export interface LoadTiming {
  /** When the first request went out and the last answer came in (performance.now()). */
  startedAt: number;
  endedAt: number;
}

/** The connections join over the first second, as an audience arrives, rather than in one instant. */
const RAMP_MS = 1000;

/**
 * Every connection sends until the time is up and then finishes the request it has in flight, so no
 * request is cut off: each one sent has its answer in the ledger.
 */
export async function runLoad(http: HttpClient, ledger: Ledger, plan: LoadPlan, workers: readonly Worker[], seconds: number): Promise<LoadTiming> {
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  await Promise.all(
    workers.map(async (w) => {
      const flood = w.flood ? FLOOD_OPERATIONS[w.flood] : undefined;
      await new Promise((resolve) => setTimeout(resolve, (w.index * RAMP_MS) / workers.length));
      while (performance.now() < deadline) {
        w.sequence += 1;
        const operation = flood ?? w.rng.weighted(MIX, ([, weight]) => weight)[0];
        await operation(http, ledger, plan, w);
      }
    }),
  );
  return { startedAt, endedAt: performance.now() };
}
