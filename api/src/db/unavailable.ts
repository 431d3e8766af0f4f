/** Seconds a client answered 503 is asked to wait (Retry-After): the database is down, or the server restarting. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Socket errors of a connection to a server that is down or unreachable. Only taken with a `syscall`
 * (connect, read, write, getaddrinfo): a client aborting its own request also says ECONNRESET, without one.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs meaning "not now" rather than "wrong": class 08 (connection exception), the
 * server shutting down or starting (57P01-57P03), too many connections (53300) and a statement cancelled
 * by a timeout (57014).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300|57014)$/;

/** node-postgres' own messages for a connection that broke, could not be made in time, or went silent. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

/** SQLite's busy and locked results: another writer kept the file locked past the busy timeout. */
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/;

/**
 * Why `error` means the database is unreachable or overloaded for now (so the request may succeed if
 * tried again), or null when it is some other fault. The reason goes into the log line.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) && typeof syscall === 'string') return `connection failed (${code} on ${syscall})`;
    if (POSTGRES_UNAVAILABLE.test(code)) return `PostgreSQL ${code}: ${error.message}`;
    if (SQLITE_BUSY.test(code)) return `SQLite ${code}: ${error.message}`;
  }
  if (PG_CONNECTION_MESSAGES.some((message) => error.message.startsWith(message))) return error.message;
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const reason = databaseUnavailableReason(inner);
      if (reason) return reason;
    }
  }
  return error.cause === undefined ? null : databaseUnavailableReason(error.cause);
}
