import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POINTS_PER_PROFILE_VISIT } from '@linkhunt/contracts/limits';
import { loadConfig } from '../../config.js';
import { countAll } from '../../db/sql-helpers.js';
import { registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { fromSite, TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { forgetLimitKeys, limitStores } from '../../test/limit-stores.js';
import { createTestApp, type TestApp, type TestResponse } from '../../test/test-app.js';

/**
 * A shared profile link opened 50 times by one visitor, 10 requests at a time. The main app has a generous
 * visit limit, so every one of the 50 reaches the once-a-day rule and the rule alone must hold; the last
 * test runs the production limit (30 a minute) to show what a real visitor gets: 30 answers, one counted,
 * and 20 refusals with 429. Visitors are told apart by address (X-Forwarded-For from the trusted proxy),
 * never by browser; and a profile earns from at most VISIT_POINTS_DAILY_CAP visits a day.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: TRUSTED_LOOPBACK });
});
afterAll(() => t.close());
afterAll(forgetLimitKeys);
afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function visits50(on: TestApp, username: string, headers: Record<string, string>, token?: string): Promise<TestResponse[]> {
  const answers: TestResponse[] = [];
  for (let batch = 0; batch < 5; batch++) {
    answers.push(...(await Promise.all(Array.from({ length: 10 }, () => on.request('POST', `/users/${username}/visit`, { headers: fromSite(headers), token })))));
  }
  return answers;
}

const countedOnce = (answers: TestResponse[]) => {
  expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
  expect(answers.filter((a) => a.body.counted === true)).toHaveLength(1);
  expect(answers.filter((a) => a.body.counted === false)).toHaveLength(answers.length - 1);
};

const visitRows = async (on: TestApp, userId: number) => {
  const row = await on.app.db.selectFrom('profile_visits').select(countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
};

const pointsOf = async (on: TestApp, username: string): Promise<number> => {
  const res = await on.request('GET', `/users/username/${username}`);
  expect(res.status).toBe(200);
  return res.body.results.data.points;
};

/** The day the API counts in is the UTC date of its clock: moving Date moves it (timers stay real, so the server runs as usual). */
function moveClockBy(ms: number): void {
  const target = new Date(Date.now() + ms);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(target);
}

describe('a shared profile opened 50 times by one visitor, 10 at a time', () => {
  let owner: RegisteredUser;

  beforeAll(async () => {
    owner = await registerUser(t);
  });

  it('grants the points once that day', async () => {
    const before = await pointsOf(t, owner.username);

    countedOnce(await visits50(t, owner.username, { 'user-agent': 'SharedLink/1.0' }));

    expect(await visitRows(t, owner.id)).toBe(1);
    expect(await pointsOf(t, owner.username)).toBe(before + POINTS_PER_PROFILE_VISIT);
  });

  it('gives the owner nothing for opening their own link, from any browser', async () => {
    const rowsBefore = await visitRows(t, owner.id);
    const answers = [
      ...(await visits50(t, owner.username, { 'user-agent': 'OwnerLaptop/1.0' }, owner.token)),
      ...(await visits50(t, owner.username, { 'user-agent': 'OwnerPhone/1.0' }, owner.token)),
    ];
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    expect(answers.every((a) => a.body.counted === false)).toBe(true);
    expect(await visitRows(t, owner.id)).toBe(rowsBefore);
  });

  it('counts a different visitor again, once: another address, and a signed-in friend whatever their browser', async () => {
    const rowsBefore = await visitRows(t, owner.id);
    const friend = await registerUser(t);

    // Another browser on the same address is the same visitor: nothing more.
    const sameAddress = await visits50(t, owner.username, { 'user-agent': 'AnotherBrowser/2.0' });
    expect(sameAddress.every((a) => a.status === 200 && a.body.counted === false)).toBe(true);
    countedOnce(await visits50(t, owner.username, { 'user-agent': 'AnotherBrowser/2.0', 'x-forwarded-for': '198.51.100.23' }));
    const asFriend = await Promise.all([
      visits50(t, owner.username, { 'user-agent': 'FriendLaptop/1.0' }, friend.token),
      visits50(t, owner.username, { 'user-agent': 'FriendPhone/1.0' }, friend.token),
    ]);
    countedOnce(asFriend.flat());

    expect(await visitRows(t, owner.id)).toBe(rowsBefore + 2);
  });

  it('counts the same visitor again the next day, once', async () => {
    const sharer = await registerUser(t);
    const visitor = { 'user-agent': 'DailyReader/1.0' };
    countedOnce(await visits50(t, sharer.username, visitor));
    const points = await pointsOf(t, sharer.username);

    moveClockBy(DAY_MS);
    countedOnce(await visits50(t, sharer.username, visitor));

    const days = await t.app.db.selectFrom('profile_visits').select('day').where('user_id', '=', sharer.id).orderBy('day').execute();
    expect(days).toHaveLength(2);
    expect(days[1]?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(days[0]?.day).toBe(new Date(Date.now() - DAY_MS).toISOString().slice(0, 10));
    expect(await pointsOf(t, sharer.username)).toBe(points + POINTS_PER_PROFILE_VISIT);
  });
});

describe.each(limitStores)('the same 50 visits under the production rate limit, counted in $name', (store) => {
  it(`answers the first ${loadConfig({}).rateLimits.visit.max} (one of them counted) and refuses the rest with 429`, async () => {
    const { visit, ...others } = loadConfig({}).rateLimits;
    const limited = await createTestApp({ ...store.config(), rateLimits: { ...others, visit } });
    try {
      expect(visit.max).toBe(30);
      const owner = await registerUser(limited);
      const answers = await visits50(limited, owner.username, { 'user-agent': 'SharedLink/1.0' });

      const answered = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 429);
      expect(answered).toHaveLength(30);
      expect(refused).toHaveLength(20);
      countedOnce(answered);
      for (const answer of refused) expect(answer.body.message).toMatch(/^Too many requests, please try again in \d+ seconds?\.$/);
      expect(await visitRows(limited, owner.id)).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('the daily cap of visits that earn a profile points', () => {
  const cap = loadConfig({}).visitPointsDailyCap;
  const fromAddress = (i: number) => ({ 'x-forwarded-for': `10.9.${i >> 8}.${(i & 255) + 1}` });

  it(`is ${cap} by default and VISIT_POINTS_DAILY_CAP sets it`, () => {
    expect(cap).toBe(20);
    expect(loadConfig({ VISIT_POINTS_DAILY_CAP: '5' }).visitPointsDailyCap).toBe(5);
  });

  it(`counts ${cap} of 60 visitors arriving at once, never more, and answers the rest counted: false`, async () => {
    const owner = await registerUser(t);
    const before = await pointsOf(t, owner.username);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => t.request('POST', `/users/${owner.username}/visit`, { headers: fromSite(fromAddress(i)) })));

    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    expect(answers.filter((a) => a.body.counted === true)).toHaveLength(cap);
    // The database agrees with the answers: one row per visit answered counted: true.
    expect(await visitRows(t, owner.id)).toBe(cap);
    expect(await pointsOf(t, owner.username)).toBe(before + cap * POINTS_PER_PROFILE_VISIT);

    // A visitor counted today stays counted; one more is still over the cap.
    expect((await t.request('POST', `/users/${owner.username}/visit`, { headers: fromSite(fromAddress(500)) })).body).toEqual({ counted: false });
    expect(await visitRows(t, owner.id)).toBe(cap);
  });

  it('counts again the next day, and caps each profile on its own', async () => {
    const [busy, quiet] = [await registerUser(t), await registerUser(t)];
    const visitAll = (owner: RegisteredUser, from: number, n: number) =>
      Promise.all(Array.from({ length: n }, (_, i) => t.request('POST', `/users/${owner.username}/visit`, { headers: fromSite(fromAddress(from + i)) })));
    await visitAll(busy, 0, cap + 5);
    const quietAnswers = await visitAll(quiet, 0, 3);
    expect(quietAnswers.every((a) => a.body.counted === true)).toBe(true);
    expect(await visitRows(t, busy.id)).toBe(cap);

    moveClockBy(DAY_MS);
    const nextDay = await visitAll(busy, 1000, cap + 5);
    expect(nextDay.filter((a) => a.body.counted === true)).toHaveLength(cap);
    expect(await visitRows(t, busy.id)).toBe(2 * cap);
  });

  it('takes its cap from the configuration', async () => {
    const small = await createTestApp({ trustProxy: TRUSTED_LOOPBACK, visitPointsDailyCap: 2 });
    try {
      const owner = await registerUser(small);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await small.request('POST', `/users/${owner.username}/visit`, { headers: fromSite(fromAddress(i)) })).body.counted);
      expect(answers).toEqual([true, true, false, false]);
      expect(await visitRows(small, owner.id)).toBe(2);
    } finally {
      await small.close();
    }
  });
});
