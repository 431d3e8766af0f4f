/** Reading the plugin's XML back in tests that run without a DOM (the XML tests parse it with jsdom's). */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');

/** Every <loc> of a urlset or sitemap index, in order. */
export const locsOf = (xml: string): string[] => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescapeXml(m[1] ?? ''));

/** The hreflang alternates of the <url> whose <loc> is `loc`, as [hreflang, href] pairs. */
export function alternatesOf(xml: string, loc: string): [string, string][] {
  const url = [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map((m) => m[1] ?? '').find((body) => locsOf(body)[0] === loc);
  if (url === undefined) return [];
  return [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [unescapeXml(m[1] ?? ''), unescapeXml(m[2] ?? '')]);
}

/** The <lastmod> of the <url> whose <loc> is `loc`. */
export function lastmodOf(xml: string, loc: string): string | undefined {
  const url = [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map((m) => m[1] ?? '').find((body) => locsOf(body)[0] === loc);
  return url === undefined ? undefined : /<lastmod>([^<]*)<\/lastmod>/.exec(url)?.[1];
}
