import '../server-only.js';
import Type from 'typebox';
import { BUYING_AGENTS, type BuyingAgent, SOURCE_MARKETPLACES, type SourceMarketplace } from '../agents.js';
import { Results } from './common.js';

// Unsafe over the union: a union mapped from a tuple would lose its literal types.
export const BuyingAgentSchema = Type.Unsafe<BuyingAgent>(Type.Union(BUYING_AGENTS.map((agent) => Type.Literal(agent))));
export const SourceMarketplaceSchema = Type.Unsafe<SourceMarketplace>(Type.Union(SOURCE_MARKETPLACES.map((marketplace) => Type.Literal(marketplace))));

/** The item a product's agent link names, wherever the link came from. */
export const SourceItem = Type.Object({ marketplace: SourceMarketplaceSchema, id: Type.String() });
export type SourceItem = Type.Static<typeof SourceItem>;

/** One agent the site offers, in the site's order (GET /agents). */
export const EnabledAgent = Type.Object({ agent: BuyingAgentSchema, name: Type.String() });
export type EnabledAgent = Type.Static<typeof EnabledAgent>;
export const AgentsResponse = Results(Type.Array(EnabledAgent));
export type AgentsResponse = Type.Static<typeof AgentsResponse>;

/** A product's item at one agent, built by the API with the site's own referral code (if it has one for that agent). */
export const AgentLink = Type.Object({ agent: BuyingAgentSchema, name: Type.String(), url: Type.String() });
export type AgentLink = Type.Static<typeof AgentLink>;

/** POST /agent-links/understand: what an uploader pasted into the agent field. */
export const UnderstandLinkRequest = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000 }) });
export type UnderstandLinkRequest = Type.Static<typeof UnderstandLinkRequest>;

export const LinkUnderstanding = Type.Object({
  source_item: SourceItem,
  /** The agent whose link it was, or `marketplace` for the marketplace's own link. */
  from: Type.Unsafe<BuyingAgent | 'marketplace'>(Type.Union([BuyingAgentSchema, Type.Literal('marketplace')])),
  /** True when the pasted link was a short link the server followed. */
  short_link: Type.Boolean(),
  /** The item's page on its marketplace. */
  marketplace_link: Type.String(),
  /** In the request's language: "Weidian item 7233464590: opens in each visitor's agent". */
  summary: Type.String(),
});
export type LinkUnderstanding = Type.Static<typeof LinkUnderstanding>;
export const UnderstandLinkResponse = Results(LinkUnderstanding);
export type UnderstandLinkResponse = Type.Static<typeof UnderstandLinkResponse>;
