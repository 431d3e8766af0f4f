import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { unauthorized } from '../../http-errors.js';
import type { Counter } from '../../http/limits/counter.js';
import { tooMany } from '../../http/limits/too-many.js';

export const SESSION_ENDED_BY_GUESSES = 'auth.session_ended_by_guesses';

const keyOf = (userId: number) => `current-password:${userId}`;

/**
 * Password guessing through a stolen session: POST /auth/update checks the current password before setting a
 * new one. Attempts are counted per account (not per session: a thief may hold several) before the password
 * is checked, so parallel guesses cannot slip under the limit. Past `max` in the window the answer is 429
 * without running argon2 at all; the `revokeAfter`th attempt ends the session it came from, so whoever holds a
 * stolen token loses it. The right password starts the count afresh, and so does a reset by mail.
 */
export class CurrentPasswordGuard {
  constructor(
    private readonly counter: Counter,
    private readonly limit: Config['updatePasswordFailures'],
    private readonly revoke: (tokenHash: string) => Promise<void>,
  ) {}

  /** Counts the attempt made with the session `tokenHash`; throws the 429, or the 401 after ending that session. */
  async attempt(userId: number, tokenHash: string | null, reply: FastifyReply): Promise<void> {
    const { count, retryAfter } = await this.counter.hit(keyOf(userId), this.limit);
    if (count >= this.limit.revokeAfter) {
      if (tokenHash) await this.revoke(tokenHash);
      throw unauthorized(SESSION_ENDED_BY_GUESSES);
    }
    if (count > this.limit.max) {
      throw tooMany(reply, retryAfter, 'limits.current_passwords');
    }
  }

  async succeeded(userId: number): Promise<void> {
    await this.counter.reset(keyOf(userId));
  }
}

/** After a reset by mail the owner is back in control: earlier wrong guesses no longer count against them. */
export function forgetCurrentPasswordGuesses(counter: Counter, userId: number): Promise<void> {
  return counter.reset(keyOf(userId));
}
