import type { HttpClient } from './http-client.js';
import type { Kind, Ledger } from './load-ledger.js';
import { FLOOD_OPERATIONS, login, type LoadPlan, send, type Worker } from './load-mix.js';

export interface RouteRecovery {
  kind: Kind;
  address: string;
  /** The connection got a 429 carrying a usable Retry-After during the run. */
  limited: boolean;
  /** How long after the run the window closed (the wait before the retry). */
  waitedMs: number;
  /** The status of the same client's request once the window had closed. */
  status: number | null;
}

export interface AccountThrottle {
  status: number | null;
  retryAfterSeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After the run, every flooding connection waits out the Retry-After of its last 429 and sends again from
 * the same address: a limit that recovers answers normally. The wrong-password flooders retry with their
 * own account's right password, because the attacked account stays throttled for its own, longer window
 * (15 minutes of failed sign-ins per account and client), which is checked too.
 */
export async function checkRecovery(http: HttpClient, ledger: Ledger, plan: LoadPlan, workers: readonly Worker[]): Promise<{ routes: RouteRecovery[]; account: AccountThrottle | null }> {
  const flooders = workers.filter((w): w is Worker & { flood: Kind } => w.flood !== null);
  const ended = Date.now();
  const routes = await Promise.all(
    flooders.map(async (w): Promise<RouteRecovery> => {
      const last = w.last429.get(w.flood);
      if (!last || !Number.isFinite(last.retryAfter)) return { kind: w.flood, address: w.client.address, limited: false, waitedMs: 0, status: null };
      // Retry-After is whole seconds rounded up, so the window has closed by then; a little slack for the clocks.
      await sleep(Math.max(0, last.at + last.retryAfter * 1000 + 250 - Date.now()));
      const waitedMs = Date.now() - ended;
      w.sequence += 1;
      const operation = w.flood === 'login-wrong' ? login : FLOOD_OPERATIONS[w.flood];
      const status = operation ? await operation(http, ledger, plan, w) : null;
      return { kind: w.flood, address: w.client.address, limited: true, waitedMs, status };
    }),
  );

  const attacker = flooders.find((w) => w.flood === 'login-wrong');
  if (!attacker) return { routes, account: null };
  const sent = await send(http, ledger, attacker, 'login-wrong', {
    method: 'POST',
    path: '/auth/login',
    json: { email: plan.victim.email, password: 'still not the password' },
    signedIn: false,
  });
  const account = sent ? { status: sent.answer.status, retryAfterSeconds: Number(sent.answer.headers['retry-after'] ?? 0) } : { status: null, retryAfterSeconds: 0 };
  return { routes, account };
}
