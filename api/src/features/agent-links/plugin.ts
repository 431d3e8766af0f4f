import fp from 'fastify-plugin';
import type { Dispatcher } from 'undici';
import { type AgentFieldResult, understandAgentLink } from './agent-field.js';

export interface AgentLinks {
  /** What a pasted agent link names (short links followed through the link checker's guarded fetcher). */
  understand(text: string): Promise<AgentFieldResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    agentLinks: AgentLinks;
  }
}

/** `dispatcher`: where short links are fetched; tests route them to local fakes, as they do the link checker's. */
export const agentLinksPlugin = fp<{ dispatcher?: Dispatcher }>(
  async (app, options) => {
    const context = { agents: app.config.agents, userAgent: app.config.linkCheck.userAgent, dispatcher: options.dispatcher };
    app.decorate('agentLinks', { understand: (text: string) => understandAgentLink(text, context) });
  },
  { name: 'agent-links', dependencies: ['config'] },
);
