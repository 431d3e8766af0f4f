import { randomBytes } from 'node:crypto';
import { BUCKET_COOKIE } from '@linkhunt/contracts/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

const BUCKET = /^[A-Za-z0-9_-]{8,64}$/;
const YEAR_SECONDS = 365 * 86_400;

/**
 * The visitor's bucket, from their cookie. Without one, one is made and set only while `needed` (a canary is
 * under way): pages stay free of Set-Cookie, and so cacheable by shared caches, the rest of the time.
 */
export function visitorBucket(request: FastifyRequest, reply: FastifyReply, needed: boolean, secure: boolean): string | undefined {
  const kept = request.cookies[BUCKET_COOKIE];
  if (kept && BUCKET.test(kept)) return kept;
  if (!needed) return undefined;
  const made = randomBytes(12).toString('base64url');
  reply.setCookie(BUCKET_COOKIE, made, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: YEAR_SECONDS });
  return made;
}
