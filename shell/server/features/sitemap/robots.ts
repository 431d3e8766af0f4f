/**
 * robots.txt: every public page may be crawled. The pages behind a sign-in only redirect to it (or, for the
 * moderation console, say who may use it), so crawling them is wasted; the sign-in and register forms stay open, because every page links to them and a blocked
 * URL can still be indexed, bare, from its links. The longest matching rule wins (RFC 9309), so the Allow
 * lines beat the shorter Disallow around them.
 */
export function robotsTxt(base: string | null): string {
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /*/auth/',
    'Allow: /*/auth/register$',
    'Disallow: /*/product/new$',
    'Disallow: /*/product/edit/',
    'Disallow: /*/adblock$',
    'Disallow: /*/admin$',
    'Disallow: /*/admin/',
  ];
  if (base !== null) lines.push('', `Sitemap: ${base}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
