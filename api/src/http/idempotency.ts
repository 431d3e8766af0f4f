import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TTL_HOURS, isIdempotencyKey } from '@linkhunt/contracts/idempotency';
import { dropLapsedKeys, findKey, insertKeyClaim, releaseKeyClaim, storeKeyAnswer, type UserKey } from '../db/idempotency-keys.js';
import type { Database } from '../db/schema.js';
import { HttpError, validationFailed } from '../http-errors.js';
import type { UploadedFile } from './multipart-form.js';
import { text } from '../i18n/api-text.js';

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000;
/** A request holding a key longer than this has died with its process (no upload runs that long): its claim lapses. */
const LEASE_MS = 2 * 60 * 1000;
/** How long a retry waits for the first request with its key to finish before answering 409. */
const WAIT_MS = 15_000;
const POLL_MS = 50;

export interface IdempotencyClaim<T> {
  /** Stores the answer, in the transaction that writes what it answers for, so both are kept or neither. */
  complete(trx: Kysely<Database>, status: number, body: T): Promise<void>;
  /** Frees the key after a failure: a retry then runs the request again. */
  release(): Promise<void>;
}

/** `T` is the body the operation answers: the fingerprint names the operation, so a replay is always one of its own answers. */
export type IdempotencyOutcome<T> = { kind: 'claimed'; claim: IdempotencyClaim<T> } | { kind: 'replay'; status: number; body: T };

/** The request's Idempotency-Key; null without one, a 422 when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return null;
  // A repeated header arrives as a list or joined with ", ": either way not one key.
  if (typeof value !== 'string' || !isIdempotencyKey(value)) {
    throw validationFailed({
      [IDEMPOTENCY_KEY_HEADER]: [text('request.idempotency_key_invalid', { header: IDEMPOTENCY_KEY_HEADER, max: IDEMPOTENCY_KEY_MAX_LENGTH })],
    });
  }
  return value;
}

/** What makes two requests "the same request": the operation, its text fields and the bytes of its files. */
export function requestFingerprint(operation: string, fields: object, files: Record<string, UploadedFile | undefined>): string {
  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const fileHashes = Object.fromEntries(
    Object.entries(files).flatMap(([name, file]) => (file ? [[name, createHash('sha256').update(file.data).digest('hex')]] : [])),
  );
  const canonical = JSON.stringify([operation, sorted(fields as Record<string, unknown>), sorted(fileHashes)]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Takes the user's key for this request, or finds the answer it already got. A key still held by a running
 * request is waited for, so two copies of one upload sent at once both get the first one's answer.
 */
export async function claimIdempotencyKey<T>(
  db: Kysely<Database>,
  target: { userId: number; key: string; fingerprint: string },
): Promise<IdempotencyOutcome<T>> {
  const { userId, key, fingerprint } = target;
  const now = Date.now();
  await dropLapsedKeys(db, { userId, key }, new Date(now - TTL_MS).toISOString(), new Date(now - LEASE_MS).toISOString());

  const deadline = now + WAIT_MS;
  for (;;) {
    const claim = randomUUID();
    if (await insertKeyClaim(db, { userId, key }, fingerprint, claim)) return { kind: 'claimed', claim: claimOf<T>(db, { userId, key }, claim) };

    const held = await findKey(db, { userId, key });
    // Released by a request that failed, between our insert and this read: try to take it again.
    if (!held) continue;
    if (held.fingerprint !== fingerprint) {
      throw validationFailed({
        [IDEMPOTENCY_KEY_HEADER]: [text('request.idempotency_key_reused', { header: IDEMPOTENCY_KEY_HEADER })],
      });
    }
    if (held.status !== null && held.response !== null) return { kind: 'replay', status: held.status, body: JSON.parse(held.response) as T };
    if (Date.now() >= deadline) {
      throw stillRunning();
    }
    await sleep(POLL_MS);
  }
}

const stillRunning = () => new HttpError(409, text('request.idempotency_still_running', { header: IDEMPOTENCY_KEY_HEADER }));

function claimOf<T>(db: Kysely<Database>, id: UserKey, claim: string): IdempotencyClaim<T> {
  return {
    async complete(trx, status, body) {
      // Only when this request outlived its lease and a retry took the key over: the retry's work stands, ours is rolled back.
      if (!(await storeKeyAnswer(trx, id, claim, status, JSON.stringify(body)))) throw stillRunning();
    },
    release: () => releaseKeyClaim(db, id, claim),
  };
}
