import { AGENT_NAMES } from '@linkhunt/contracts/agents';
import type { AgentLink, EnabledAgent } from '@linkhunt/contracts/schemas/agents';
import type { AgentConfig } from '../../config.js';
import { agentLink, type SourceItem } from './source-item.js';

/** The agents the site offers, in its order, as the picker lists them. */
export function offeredAgents(agents: AgentConfig): EnabledAgent[] {
  return agents.offered.map((agent) => ({ agent, name: AGENT_NAMES[agent] }));
}

/** The item at every agent the site offers, each link with the site's own referral code where it has one. */
export function agentLinksOf(item: SourceItem, agents: AgentConfig): AgentLink[] {
  return agents.offered.map((agent) => ({ agent, name: AGENT_NAMES[agent], url: agentLink(item, agent, agents.referrals[agent]) }));
}
