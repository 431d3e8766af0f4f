import { MARKETPLACE_NAMES } from '@linkhunt/contracts/agents';
import { AgentsResponse, UnderstandLinkRequest, UnderstandLinkResponse } from '@linkhunt/contracts/schemas/agents';
import { Message, ValidationError } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { fieldError } from '../../http-errors.js';
import { say } from '../../i18n/say.js';
import { agentFieldError } from './agent-field.js';
import { offeredAgents } from './offered-agents.js';
import { marketplaceLink } from './source-item.js';

const tags = ['agents'];

/** The agents the site offers, and what a pasted agent link names. */
export async function agentLinkRoutes(app: App): Promise<void> {
  app.get(
    '/agents',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'listAgents',
        summary: 'The buying agents the site offers, in the order it offers them',
        description: 'Set by the site (AGENTS). The get-link dialog offers the visitor\'s own agent first, then these in this order.',
        response: { 200: AgentsResponse },
      },
    },
    async () => ({ results: { data: offeredAgents(app.config.agents) } }),
  );

  app.post(
    '/agent-links/understand',
    {
      config: { rateLimit: app.config.rateLimits.understandLink },
      onRequest: [app.requireUser],
      schema: {
        tags,
        operationId: 'understandAgentLink',
        summary: 'What a link pasted into the agent field names: its marketplace and item id',
        description: 'Takes a link of any supported buying agent or marketplace, or a short link (m.tb.cn and the like, followed by the '
          + 'server through allowlisted hosts only). Nothing is stored. 422 with a message in the request\'s language when the link names no item.',
        security: [{ bearer: [] }],
        body: UnderstandLinkRequest,
        response: { 200: UnderstandLinkResponse, 401: Message, 422: ValidationError, 429: Message },
      },
    },
    async (request) => {
      const understood = await app.agentLinks.understand(request.body.url);
      if (!understood.ok) throw fieldError('url', agentFieldError(understood));
      const { item, from, shortLink } = understood;
      const summary = say(request, 'agent_link.understood', { marketplace: MARKETPLACE_NAMES[item.marketplace], id: item.id }).message;
      return { results: { data: { source_item: item, from, short_link: shortLink, marketplace_link: marketplaceLink(item), summary } } };
    },
  );
}
