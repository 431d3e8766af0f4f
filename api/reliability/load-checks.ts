import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import { KINDS, type Kind, type Ledger, RATE_LIMITED_KINDS } from './load-ledger.js';
import type { Catalogue, LoadPlan } from './load-mix.js';
import type { AccountThrottle, RouteRecovery } from './load-recovery.js';

type Db = Kysely<Database>;

export interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

/** What the database held before the run, where the seeded data already has rows. */
export interface Snapshot {
  users: number;
  /** Per product: its downloads counter and its rows in downloads. */
  downloads: Map<number, { counter: number; rows: number }>;
  /** Per profile owner id: rows in profile_visits. */
  visits: Map<number, number>;
  /** Per product: rows in reports. */
  reports: Map<number, number>;
}

const counted = (rows: readonly { key: number; n: number | string | bigint }[]) => new Map(rows.map((r) => [r.key, Number(r.n)]));

export async function readCatalogue(db: Db): Promise<Catalogue> {
  const [products, users, categories, brands] = await Promise.all([
    db.selectFrom('products').select(['id', 'slug']).where('hidden', '=', 0).orderBy('id').execute(),
    db.selectFrom('users').select('username').orderBy('id').execute(),
    db.selectFrom('categories').select('slug').orderBy('id').execute(),
    db.selectFrom('brands').select('slug').orderBy('id').execute(),
  ]);
  return { products, usernames: users.map((u) => u.username), categories: categories.map((c) => c.slug), brands: brands.map((b) => b.slug) };
}

export async function snapshot(db: Db): Promise<Snapshot> {
  const [users, products, downloadRows, visitRows, reportRows] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('products').select(['id', 'downloads']).execute(),
    db.selectFrom('downloads').select((eb) => ['product_id as key', eb.fn.countAll<number>().as('n')]).groupBy('product_id').execute(),
    db.selectFrom('profile_visits').select((eb) => ['user_id as key', eb.fn.countAll<number>().as('n')]).groupBy('user_id').execute(),
    db.selectFrom('reports').select((eb) => ['product_id as key', eb.fn.countAll<number>().as('n')]).groupBy('product_id').execute(),
  ]);
  const rows = counted(downloadRows);
  return {
    users: Number(users.n),
    downloads: new Map(products.map((p) => [p.id, { counter: p.downloads, rows: rows.get(p.id) ?? 0 }])),
    visits: counted(visitRows),
    reports: counted(reportRows),
  };
}

const check = (name: string, passed: boolean, detail: string): Check => ({ name, passed, detail });
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));
/** The first few members of a that b lacks, for a failure's detail. */
const missingFrom = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((x) => !b.has(x)).slice(0, 5).join(', ') || 'none';

/** What the answers say about the API itself: statuses, limits and their recovery. */
export function answerChecks(
  ledger: Ledger,
  routes: readonly RouteRecovery[],
  account: AccountThrottle | null,
  /** Per rate-limited kind, its 429 answers within the run; and the kinds whose flooders reached the limit only after it. */
  during: { limited(kind: Kind): number; late: readonly Kind[] },
): Check[] {
  const checks = [
    check('no 5xx answer', ledger.serverErrors() === 0, `${ledger.serverErrors()} answers 5xx`),
    check('every request answered: no connection error, no timeout', ledger.transportErrors + ledger.timeouts === 0, `${ledger.transportErrors} connection errors, ${ledger.timeouts} timeouts`),
    check('every answer allowed for its route, and its body agrees with the request', ledger.oddityCount === 0, `${ledger.oddityCount} unexpected answers`),
    check('every 429 carries Retry-After', ledger.without429RetryAfter === 0, `${ledger.without429RetryAfter} without`),
  ];
  for (const kind of RATE_LIMITED_KINDS) {
    const limited = ledger.countOf(kind, 429);
    const recoveries = routes.filter((r) => r.kind === kind);
    const late = !during.late.includes(kind) ? '' : limited > 0
      ? '; its flooders reached it only after the run, the server being too slow for more than the limit in the run'
      : '; not even by flooding on after the run';
    checks.push(check(`${kind}: rate limit reached (429)`, limited > 0, `${during.limited(kind)} answers 429 in the run, ${limited} in all${late}`));
    const allowed: readonly number[] = kind === 'login-wrong' ? KINDS.login.allowed : KINDS[kind].allowed.filter((s) => s < 300);
    const recovered = recoveries.filter((r) => r.limited && r.status !== null && allowed.includes(r.status));
    checks.push(check(
      `${kind}: the same client answered normally once Retry-After had passed`,
      recoveries.length > 0 && recovered.length === recoveries.length,
      recoveries.map((r) => `${r.address}: ${r.limited ? `${r.status ?? 'no answer'} after ${(r.waitedMs / 1000).toFixed(1)} s` : 'never limited'}`).join('; ') ||
        'no connection floods this route (the run needs 12 connections or more)',
    ));
  }
  if (account) {
    checks.push(check(
      'the attacked account stays throttled for that client after the route window (failed sign-ins, 15 min)',
      account.status === 429 && account.retryAfterSeconds > 60,
      `${account.status ?? 'no answer'}, Retry-After ${account.retryAfterSeconds} s`,
    ));
  }
  return checks;
}

/** What the successful writes imply, against the rows. */
export async function databaseChecks(db: Db, ledger: Ledger, plan: LoadPlan, before: Snapshot, setupAccounts: number): Promise<Check[]> {
  const userIds = plan.users.map((u) => u.id);
  const after = await snapshot(db);
  const checks: Check[] = [];

  // Uploads: exactly the products answered 201, each with the categories it was sent with.
  const products = await db.selectFrom('products').select(['id', 'user_id']).where('user_id', 'in', userIds).execute();
  const uploaded = new Set([...ledger.uploads].flatMap(([user, ids]) => ids.map((id) => `${user}:${id}`)));
  const stored = new Set(products.map((p) => `${p.user_id}:${p.id}`));
  checks.push(check('uploads: products stored = uploads answered 201', sameSet(uploaded, stored),
    `${uploaded.size} answered 201, ${stored.size} rows; missing: ${missingFrom(uploaded, stored)}; unanswered: ${missingFrom(stored, uploaded)}`));
  const categoryRows = products.length === 0 ? 0 : Number((await db.selectFrom('product_categories')
    .select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', 'in', products.map((p) => p.id)).executeTakeFirstOrThrow()).n);
  const categoriesSent = sum(ledger.uploadCategories.values());
  checks.push(check('uploads: category rows = categories sent', categoryRows === categoriesSent, `${categoriesSent} sent, ${categoryRows} rows`));

  // Reviews: one row per (user, product) answered 201, and no pair answered 201 twice.
  const reviews = await db.selectFrom('valorations').select(['user_id', 'product_id']).where('user_id', 'in', userIds).execute();
  const reviewRows = new Set(reviews.map((r) => `${r.user_id}:${r.product_id}`));
  const first = new Set(ledger.firstReviews.keys());
  const twice = [...ledger.firstReviews.values()].filter((n) => n > 1).length;
  checks.push(check('reviews: rows = first reviews answered 201, none answered 201 twice', sameSet(first, reviewRows) && twice === 0,
    `${sum(ledger.firstReviews.values())} answered 201, ${reviewRows.size} rows, ${twice} pairs with two 201s`));

  // Favourites: the state each pair's last answer reported; the crowd's concurrent adds one row each.
  const favourites = await db.selectFrom('favourites').select(['user_id', 'product_id']).where('user_id', 'in', [...userIds, plan.crowd.id]).execute();
  const own = new Set(favourites.filter((f) => f.user_id !== plan.crowd.id).map((f) => `${f.user_id}:${f.product_id}`));
  const expected = new Set([...ledger.favouriteState].filter(([, on]) => on).map(([key]) => key));
  checks.push(check('favourites: rows = pairs whose last add/remove answer said favourite', sameSet(expected, own),
    `${ledger.countOf('favourite', 200)} answers 200, ${expected.size} expected, ${own.size} rows; missing: ${missingFrom(expected, own)}; extra: ${missingFrom(own, expected)}`));
  const crowd = favourites.filter((f) => f.user_id === plan.crowd.id).map((f) => String(f.product_id));
  const crowdExpected = new Set([...ledger.crowdFavourites].map(String));
  checks.push(check('favourites: concurrent adds of one pair from many connections leave one row', crowd.length === crowdExpected.size && sameSet(crowdExpected, new Set(crowd)),
    `${crowdExpected.size} pairs added, ${crowd.length} rows`));

  // Downloads: per product, the counter rose by the new rows, and the new rows are the distinct visitors of the
  // day, as many as the openings answered counted: true (fetching the links counts nothing).
  let expectedDownloads = 0;
  let newRows = 0;
  let counterRise = 0;
  const wrong: string[] = [];
  for (const [id, now] of after.downloads) {
    const was = before.downloads.get(id) ?? { counter: 0, rows: 0 };
    const visitors = ledger.downloadVisitors.get(id)?.size ?? 0;
    const countedAnswers = ledger.countedDownloads.get(id) ?? 0;
    expectedDownloads += visitors;
    newRows += now.rows - was.rows;
    counterRise += now.counter - was.counter;
    if (now.rows - was.rows !== visitors || now.counter - was.counter !== visitors || countedAnswers !== visitors) {
      wrong.push(`#${id}: ${visitors} visitors, ${countedAnswers} counted, +${now.rows - was.rows} rows, +${now.counter - was.counter} counter`);
    }
  }
  checks.push(check('downloads: counter rise = new rows = answers counted: true = distinct (visitor, product, day) answered 200', wrong.length === 0,
    `${ledger.countOf('download', 200)} openings, ${expectedDownloads} distinct, +${newRows} rows, +${counterRise} counter${wrong.length ? `; ${wrong.slice(0, 5).join('; ')}` : ''}`));

  // Profile visits: per owner, new rows = answers counted: true; the owner's own visits never counted.
  const owners = await db.selectFrom('users').select(['id', 'username']).execute();
  const badVisits: string[] = [];
  for (const { id, username } of owners) {
    const rise = (after.visits.get(id) ?? 0) - (before.visits.get(id) ?? 0);
    const answered = ledger.countedVisits.get(username) ?? 0;
    if (rise !== answered) badVisits.push(`${username}: ${answered} counted, +${rise} rows`);
  }
  const visitRise = sum(after.visits.values()) - sum(before.visits.values());
  checks.push(check('profile visits: new rows = answers counted: true; own visits never counted', badVisits.length === 0 && ledger.ownVisitsCounted === 0,
    `${sum(ledger.countedVisits.values())} counted, +${visitRise} rows, ${ledger.ownVisitsCounted} own visits counted${badVisits.length ? `; ${badVisits.slice(0, 5).join('; ')}` : ''}`));

  // Reports: per product, new rows = answers 201 (a repeat by the same visitor answers 200 and writes nothing).
  const badReports = [...new Set([...after.reports.keys(), ...ledger.newReports.keys()])]
    .filter((id) => (after.reports.get(id) ?? 0) - (before.reports.get(id) ?? 0) !== (ledger.newReports.get(id) ?? 0));
  const reportRise = sum(after.reports.values()) - sum(before.reports.values());
  checks.push(check('reports: new rows = answers 201, per product', badReports.length === 0, `${sum(ledger.newReports.values())} answered 201, +${reportRise} rows`));

  // Contact messages: per sender, rows = answers 201.
  const messages = await db.selectFrom('contact_messages').select((eb) => ['email', eb.fn.countAll<number>().as('n')]).where('email', 'like', 'load-w%@example.com').groupBy('email').execute();
  const stored201 = new Map(messages.map((m) => [m.email, Number(m.n)]));
  const badContact = [...new Set([...stored201.keys(), ...ledger.contactMessages.keys()])].filter((e) => (stored201.get(e) ?? 0) !== (ledger.contactMessages.get(e) ?? 0));
  checks.push(check('contact: rows = answers 201, per sender', badContact.length === 0, `${sum(ledger.contactMessages.values())} answered 201, ${sum(stored201.values())} rows`));

  // Accounts: the ones made before the run plus the registrations answered 201.
  const rise = after.users - before.users;
  checks.push(check('accounts: new users = registrations answered 201', rise === ledger.registered, `${ledger.registered} answered 201, +${rise} users (${setupAccounts} made before the run)`));
  return checks;
}
