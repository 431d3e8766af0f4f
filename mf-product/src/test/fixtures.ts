import { AGENT_NAMES, type AgentLink, type BuyingAgent, DEFAULT_AGENTS, type SourceItem } from '@linkhunt/contracts/agents';
import type { StoreLinkHealth } from '@linkhunt/contracts/link-health';
import type { Product, ProductLinks, Valoration } from '@linkhunt/contracts/product';
import type { UserRef } from '@linkhunt/contracts/user';
import { anOwnUser, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';

/** The product's uploader: not the signed-in user of `anOwnUser()` (id 7). */
export const MARTA: UserRef = { id: 9, name: 'Marta Ruiz', username: 'marta_finds', avatar: null, created_at: '2024-02-01T10:00:00Z' };
export const LUIS: UserRef = { id: 21, name: 'Luis Gómez', username: 'luis_g', avatar: null, created_at: '2023-06-01T10:00:00Z' };

/** The signed-in user of `anOwnUser()` as a review's author. */
export function meAsAuthor(): UserRef {
  const { id, name, username, avatar, created_at } = anOwnUser();
  return { id, name, username, avatar, created_at };
}

export function aValoration(overrides: Partial<Valoration> = {}): Valoration {
  return { id: 11, stars: 4, review: 'Great quality for the price', language: 'en', created_at: '2025-03-12T10:00:00Z', user: LUIS, counted: true, photos: [], photos_removed: null, ...overrides };
}

/** A product as GET /products/slug/{slug}?include=user answers it: Retro Runner (id 1), uploaded by Marta. */
export function aFullProduct(overrides: Partial<Product> = {}): Product {
  return { ...aProduct(), user: MARTA, valorations: { data: [] }, photos: [{ id: 1, image: 'products/retro-runner.webp', thumbnail: 'products/retro-runner-thumb.webp', alt: '', qc: false }], ...overrides };
}

const NOT_JUDGED: StoreLinkHealth = { state: 'unknown', checked_at: null };

/**
 * GET /products/{id}: the store links of product 1. Each link not judged by the link checker yet (and no
 * verdict where there is no link), unless `link_health` is given.
 */
export function someLinks(overrides: Partial<ProductLinks> = {}): ProductLinks {
  const links = {
    id: 1,
    slug: 'retro-runner',
    link_hacoo: 'https://c.hacoo.app/item/123?ref=lh',
    link_cnfans: 'https://cnfans.com/product/?id=456',
    link_dhgate: 'https://www.dhgate.com/product/789.html',
    agent_links: [],
    marketplace_link: null,
    downloads: 43,
    ...overrides,
  };
  const link_health = overrides.link_health ?? {
    hacoo: NOT_JUDGED,
    dhgate: links.link_dhgate ? NOT_JUDGED : null,
    cnfans: links.link_cnfans ? NOT_JUDGED : null,
  };
  return { ...links, link_health };
}

/** The Weidian item behind the agent links of `linksWithAgents`. */
export const WEIDIAN_ITEM: SourceItem = { marketplace: 'weidian', id: '7233464590' };

/** Each agent's link to WEIDIAN_ITEM, as the API builds them. */
export function agentLinksOf(agents: readonly BuyingAgent[]): AgentLink[] {
  return agents.map((agent) => ({ agent, name: AGENT_NAMES[agent], url: `https://${agent}.test/item?shop_type=weidian&id=${WEIDIAN_ITEM.id}` }));
}

/** GET /products/{id} of a product with a source item: a link at each of `agents` (the site's twelve by default). */
export function linksWithAgents(agents: readonly BuyingAgent[] = DEFAULT_AGENTS, overrides: Partial<ProductLinks> = {}): ProductLinks {
  return someLinks({
    link_cnfans: `https://cnfans.com/product/?shop_type=weidian&id=${WEIDIAN_ITEM.id}`,
    agent_links: agentLinksOf(agents),
    marketplace_link: `https://weidian.com/item.html?itemID=${WEIDIAN_ITEM.id}`,
    ...overrides,
  });
}
