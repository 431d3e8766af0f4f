/**
 * Addresses as request logs may keep them: secrets that travel in a URL (the one-time tokens of mailed reset
 * and verify links, `?token=…`, and any opaque token used as a path segment) are replaced by `[REDACTED]`.
 * Both the shell server and the API log request URLs through this, so a log line (kept, shipped, read by
 * whoever runs the site) never holds a link that resets someone's password.
 */
export const REDACTED = '[REDACTED]';

/** Query parameters whose values are secrets, whatever the route. */
const SECRET_PARAM = /token|secret|password|passwd|signature|(?:^|[_-])key$|^sig$|^code$|^auth/i;
/**
 * A path segment that is an opaque random token (base64url of 15 bytes or more: mixed case and digits). Slugs and
 * usernames are lower case or short, so they stay readable.
 */
const OPAQUE_SEGMENT = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z0-9_-]{20,}$/;

const decoded = (part: string): string => {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
};

/** `url` (a path with its query, as a request line holds it) with its secrets replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path
    .split('/')
    .map((segment) => (OPAQUE_SEGMENT.test(decoded(segment)) ? REDACTED : segment))
    .join('/');
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return SECRET_PARAM.test(decoded(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** The fields of a request log line (Fastify's own `req` serializer's), its URL redacted. */
export type LoggedRequest = {
  method: string;
  url: string;
  host: string;
  remoteAddress: string;
  remotePort: number | undefined;
};

/** Fastify's `serializers.req` for either server: Fastify's fields, the URL through redactUrl. */
export function redactedRequest(request: { method: string; url: string; host: string; ip: string; socket?: { remotePort?: number } }): LoggedRequest {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
