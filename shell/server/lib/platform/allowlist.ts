/**
 * Whether `url` sits under one of `prefixes` (URL prefixes such as `https://cdn.linkhunt.example/mf-product/`).
 * Compared as parsed URLs, never as text: the origin must be the prefix's own, and the path must continue the
 * prefix's path at a segment boundary, so `https://cdn.example.evil/…`, `https://cdn.example@evil/…` and
 * `/mf-product-evil/` are refused for a prefix `https://cdn.example/mf-product`.
 */
export function isAllowlisted(url: string, prefixes: readonly string[]): boolean {
  let candidate: URL;
  try {
    candidate = new URL(url);
  } catch {
    return false;
  }
  if (!/^https?:$/.test(candidate.protocol) || candidate.username || candidate.password) return false;
  return prefixes.some((prefix) => {
    let allowed: URL;
    try {
      allowed = new URL(prefix);
    } catch {
      return false;
    }
    if (allowed.origin !== candidate.origin) return false;
    const base = allowed.pathname.endsWith('/') ? allowed.pathname : `${allowed.pathname}/`;
    return candidate.pathname.startsWith(base);
  });
}

/** The default allowlist: the origins of the remotes.json the server starts with (where the remotes are served). */
export function originsOf(entries: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const entry of entries) {
    try {
      origins.add(`${new URL(entry).origin}/`);
    } catch {
      // A malformed entry names no origin.
    }
  }
  return [...origins];
}
