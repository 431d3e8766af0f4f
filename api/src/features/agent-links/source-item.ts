import type { BuyingAgent, SourceMarketplace } from '@linkhunt/contracts/agents';
import type { SourceItem } from '@linkhunt/contracts/schemas/agents';
import { agents, CnItemLink, generateAgentLink, generateRawLink, marketplaces, marketplacesWithTld } from 'cn-links';

/**
 * The one module that knows cn-links (pinned exactly: its parsing is what the tests below hold it to). A link of
 * any supported buying agent, or of a marketplace itself, becomes its source item (marketplace and item id); from
 * a source item, any agent's link is built again. Referral codes never survive: only the source item is kept.
 */

export type { SourceItem };

export type ParsedLink =
  | { ok: true; item: SourceItem; from: BuyingAgent | 'marketplace' }
  /** not_a_link: not an http(s) URL; unsupported_host: no agent or marketplace we know; not_an_item: a known host, but no item in it. */
  | { ok: false; reason: 'not_a_link' | 'unsupported_host' | 'not_an_item' };

const SAMPLE: SourceItem = { marketplace: 'weidian', id: '7233464590' };

/** The registrable part of a host as cn-links writes it (www. left out), e.g. `kakobuy.com`. */
const siteOf = (host: string) => host.replace(/^www\./, '');

/**
 * Each agent's own site, read off the links cn-links builds, so the list follows the library. Hosts are matched
 * by this exact domain or a subdomain of it: cn-links itself matches an agent by "the host contains its name",
 * which would take `notcnfans.com` or `cnfans.com.evil.example` for CNFans.
 */
const AGENT_SITES: ReadonlyMap<string, BuyingAgent> = new Map(
  agents.map((agent) => [siteOf(generateAgentLink(agent, SAMPLE.marketplace, SAMPLE.id).hostname), agent]),
);

/**
 * Query parameter names as the agents' and marketplaces' own links spell them, by their folded form (lower case,
 * no underscores): links seen in the wild write `itemId`, `ITEMID` or `shoptype` where cn-links expects `itemID`
 * and `shop_type`.
 */
const CANONICAL_PARAMS: ReadonlyMap<string, string> = new Map(
  [...agents.map((agent) => generateAgentLink(agent, SAMPLE.marketplace, SAMPLE.id)), ...marketplaces.map((m) => generateRawLink(m, SAMPLE.id))]
    .flatMap((url) => [...url.searchParams.keys()])
    .map((name) => [foldName(name), name]),
);

function foldName(name: string): string {
  return name.toLowerCase().replace(/_/g, '');
}

function siteMatches(hostname: string, site: string): boolean {
  return hostname === site || hostname.endsWith(`.${site}`);
}

/** Who a host belongs to: an agent, a marketplace, or nobody we know. */
function ownerOf(hostname: string): BuyingAgent | 'marketplace' | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (marketplacesWithTld.some((site) => siteMatches(host, site))) return 'marketplace';
  for (const [site, agent] of AGENT_SITES) if (siteMatches(host, site)) return agent;
  return null;
}

/** The same link with its parameter names spelled as cn-links expects them. */
function withCanonicalNames(url: URL): URL {
  const out = new URL(url.href);
  out.search = '';
  for (const [name, value] of url.searchParams) out.searchParams.append(CANONICAL_PARAMS.get(foldName(name)) ?? name, value);
  return out;
}

/** The same link with marketplace names in its parameter values in one case (agents differ: `WEIDIAN`, `weidian`). */
function withMarketplaceCase(url: URL, upper: boolean): URL {
  const out = new URL(url.href);
  for (const [name, value] of url.searchParams) {
    if ((marketplaces as readonly string[]).includes(value.toLowerCase())) out.searchParams.set(name, upper ? value.toUpperCase() : value.toLowerCase());
  }
  return out;
}

/**
 * The link, then with one and two of its extra encoding levels undone (`%25` → `%`): shared links wrap the
 * marketplace link in an agent's, encoded once, twice or three times; cn-links reads up to two.
 */
function encodingLevels(url: URL): URL[] {
  const levels = [url];
  for (let href = url.href; levels.length < 3 && /%25/i.test(href); ) {
    href = href.replace(/%25/gi, '%');
    levels.push(new URL(href));
  }
  return levels;
}

/**
 * Tmall items are Taobao items (one id space; Taobao's item page opens a Tmall item), and most agents write
 * both as Taobao: one source item for both, so the same item is found whatever link it came from.
 */
function itemOf(url: URL): SourceItem | null {
  try {
    const link = new CnItemLink(url);
    const marketplace: SourceMarketplace = link.marketplace === 'tmall' ? 'taobao' : link.marketplace;
    return { marketplace, id: String(link.id) };
  } catch {
    return null;
  }
}

/** Reads the source item of a link pasted by a person (spaces around it, any agent, any spelling seen in the wild). */
export function parseSourceItem(text: string): ParsedLink {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, reason: 'not_a_link' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'not_a_link' };
  const from = ownerOf(url.hostname);
  if (!from) return { ok: false, reason: 'unsupported_host' };
  // Each spelling is tried in turn, from the link as pasted to the most rewritten: a few parses at most.
  for (const unwrapped of encodingLevels(url)) {
    const named = withCanonicalNames(unwrapped);
    for (const candidate of [unwrapped, named, withMarketplaceCase(named, false), withMarketplaceCase(named, true)]) {
      const item = itemOf(candidate);
      if (item) return { ok: true, item, from };
    }
  }
  return { ok: false, reason: 'not_an_item' };
}

/** The item's page at `agent`, with the site's own referral code when it has one for that agent. */
export function agentLink(item: SourceItem, agent: BuyingAgent, referral?: string): string {
  return generateAgentLink(agent, item.marketplace, item.id, referral).href;
}

/** The item's page on its marketplace. */
export function marketplaceLink(item: SourceItem): string {
  return generateRawLink(item.marketplace, item.id).href;
}
