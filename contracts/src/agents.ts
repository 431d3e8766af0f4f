/**
 * Buying agents and the marketplaces their items come from (issue "Open it in my agent"). Every agent link and
 * every marketplace link names a source item: a marketplace and the item's id there. The API parses links into
 * source items and builds each agent's link back from one; clients only show what it answers.
 */

/** Every agent the API can parse and build links for (the `cn-links` library's list; the API's tests hold them equal). */
export const BUYING_AGENTS = [
  'acbuy', 'allchinabuy', 'basetao', 'blikbuy', 'cnfans', 'cssbuy', 'eastmallbuy', 'ezbuycn', 'hagobuy', 'hegobuy',
  'hoobuy', 'hubbuycn', 'itaobuy', 'joyabuy', 'joyagoo', 'kakobuy', 'kameymall', 'loongbuy', 'lovegobuy', 'mulebuy',
  'oopbuy', 'orientdig', 'pandabuy', 'panglobalbuy', 'ponybuy', 'sifubuy', 'sugargoo', 'superbuy', 'wegobuy',
] as const;
export type BuyingAgent = (typeof BUYING_AGENTS)[number];

/** How each agent writes its own name. */
export const AGENT_NAMES: Record<BuyingAgent, string> = {
  acbuy: 'ACBuy', allchinabuy: 'AllChinaBuy', basetao: 'Basetao', blikbuy: 'Blikbuy', cnfans: 'CNFans', cssbuy: 'CSSBuy',
  eastmallbuy: 'EastMallBuy', ezbuycn: 'EzbuyCN', hagobuy: 'Hagobuy', hegobuy: 'Hegobuy', hoobuy: 'Hoobuy', hubbuycn: 'HubbuyCN',
  itaobuy: 'iTaobuy', joyabuy: 'Joyabuy', joyagoo: 'Joyagoo', kakobuy: 'Kakobuy', kameymall: 'Kameymall', loongbuy: 'LoongBuy',
  lovegobuy: 'LoveGoBuy', mulebuy: 'Mulebuy', oopbuy: 'OOPBuy', orientdig: 'OrientDig', pandabuy: 'Pandabuy',
  panglobalbuy: 'PanGlobalBuy', ponybuy: 'Ponybuy', sifubuy: 'Sifubuy', sugargoo: 'Sugargoo', superbuy: 'Superbuy', wegobuy: 'Wegobuy',
};

/** The agents offered when the site's settings name none (AGENTS), in this order: the ones this community uses most. */
export const DEFAULT_AGENTS: readonly BuyingAgent[] = [
  'cnfans', 'kakobuy', 'mulebuy', 'acbuy', 'hoobuy', 'sugargoo', 'superbuy', 'allchinabuy', 'cssbuy', 'basetao', 'oopbuy', 'lovegobuy',
];

/** Where a source item lives. Tmall items are kept as Taobao items: one id space, and most agents write both so. */
export const SOURCE_MARKETPLACES = ['taobao', 'weidian', '1688'] as const;
export type SourceMarketplace = (typeof SOURCE_MARKETPLACES)[number];
export const MARKETPLACE_NAMES: Record<SourceMarketplace, string> = { taobao: 'Taobao', weidian: 'Weidian', '1688': '1688' };

/** The browser's own record of a visitor's agent (localStorage); a signed-in user's is their account's `preferred_agent`. */
export const PREFERRED_AGENT_STORAGE_KEY = 'linkhunt.preferred-agent';

export function isBuyingAgent(value: unknown): value is BuyingAgent {
  return typeof value === 'string' && (BUYING_AGENTS as readonly string[]).includes(value);
}

export type { AgentLink, AgentsResponse, EnabledAgent, LinkUnderstanding, SourceItem, UnderstandLinkRequest, UnderstandLinkResponse } from './schemas/agents.js';

export function isSourceMarketplace(value: unknown): value is SourceMarketplace {
  return typeof value === 'string' && (SOURCE_MARKETPLACES as readonly string[]).includes(value);
}
