import { type BuyingAgent, MARKETPLACE_NAMES, type SourceItem } from '@linkhunt/contracts/agents';
import type { ProductLinks } from '@linkhunt/contracts/product';
import { storeHealth } from './link-status.ts';

/** One link the dialog offers: a store's (Hacoo, DHGate), an agent's, or the source item's marketplace. */
export interface OfferedLink {
  key: string;
  /** `store`: "Open on Hacoo" (a store, or the marketplace); `agent`: "Open in Kakobuy". */
  kind: 'store' | 'agent';
  name: string;
  href: string;
  /** The link checker found it gone: still offered, marked. */
  gone: boolean;
  /** When the checker last saw it working; null: not judged yet, gone, or said on another button already. */
  verifiedAt: string | null;
}

export interface LinkPlan {
  /** The buttons, in order; the first one still working is the main one. */
  buttons: OfferedLink[];
  /** Every other offered agent, in the site's order: a compact list behind a disclosure. */
  moreAgents: OfferedLink[];
  /** Whether the visitor's agent is among the product's agents (its link is then the first button). */
  preferred: boolean;
}

type Links = Omit<ProductLinks, 'agent_links' | 'marketplace_link'> & Partial<Pick<ProductLinks, 'agent_links' | 'marketplace_link'>>;

/**
 * What the get-link dialog shows, and in which order. A product with a source item has a link at every agent the
 * site offers (`agent_links`, which then replaces `link_cnfans`, one of them) and one on the marketplace itself.
 * The visitor's agent comes first; without one Hacoo stays first, with the site's first agent next, as before.
 * The other agents go behind a disclosure: with a dozen of them the buttons would bury the stores. The checker
 * judges the source item (through its CNFans link), so its verdict applies to every agent's link and the marketplace's.
 */
export function linkPlan(links: Links, agent: BuyingAgent | null, sourceItem: SourceItem | null | undefined): LinkPlan {
  const agents = links.agent_links ?? [];
  const marketplace = links.marketplace_link ?? null;
  // Without a source item (or from an API older than agent links) a CNFans link is only itself.
  const hasSourceItem = agents.length > 0 || marketplace !== null;

  const judged = (store: 'hacoo' | 'dhgate' | 'cnfans') => {
    const health = storeHealth(links as ProductLinks, store);
    return { gone: health?.state === 'gone', verifiedAt: health?.state === 'ok' ? health.checked_at : null };
  };
  const item = judged('cnfans');
  const store = (key: string, name: string, href: string | null, health: ReturnType<typeof judged>): OfferedLink[] =>
    href ? [{ key, kind: 'store', name, href, ...health }] : [];
  const agentLink = ({ agent: key, name, url }: (typeof agents)[number], verified: boolean): OfferedLink => ({
    key,
    kind: 'agent',
    name,
    href: url,
    gone: item.gone,
    verifiedAt: verified ? item.verifiedAt : null,
  });

  const chosen = agent ? agents.find((link) => link.agent === agent) : undefined;
  const featured = chosen ?? agents[0];
  const hacoo = store('link_hacoo', 'Hacoo', links.link_hacoo, judged('hacoo'));
  const dhgate = store('link_dhgate', 'DHGate', links.link_dhgate, judged('dhgate'));
  const legacyCnfans = hasSourceItem ? [] : store('link_cnfans', 'CNFans', links.link_cnfans, item);
  const featuredLink = featured ? [agentLink(featured, true)] : [];
  // Said once, on the agent's button: the marketplace's link names the same item.
  const marketplaceLink = marketplace && sourceItem ? store('marketplace', MARKETPLACE_NAMES[sourceItem.marketplace], marketplace, { ...item, verifiedAt: null }) : [];

  return {
    buttons: chosen
      ? [...featuredLink, ...hacoo, ...dhgate, ...marketplaceLink]
      : [...hacoo, ...legacyCnfans, ...featuredLink, ...dhgate, ...marketplaceLink],
    moreAgents: agents.filter((link) => link !== featured).map((link) => agentLink(link, false)),
    preferred: chosen !== undefined,
  };
}
