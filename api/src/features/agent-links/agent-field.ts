import type { BuyingAgent } from '@linkhunt/contracts/agents';
import type { Dispatcher } from 'undici';
import type { AgentConfig } from '../../config.js';
import { type ApiText, type MessageCode, text } from '../../i18n/api-text.js';
import { isShortLinkHost, resolveShortLink } from './short-links.js';
import { parseSourceItem, type SourceItem } from './source-item.js';

export type AgentFieldResult =
  | { ok: true; item: SourceItem; from: BuyingAgent | 'marketplace'; shortLink: boolean }
  | { ok: false; code: Extract<MessageCode, `agent_link.${string}`>; host?: string };

export interface AgentFieldContext {
  agents: AgentConfig;
  userAgent: string;
  dispatcher?: Dispatcher;
}

/**
 * What an uploader pasted into the agent field: a link of any supported agent or marketplace, read as is, or a
 * short link, followed by the server (short-links.ts) to the item it stands for.
 */
export async function understandAgentLink(text: string, context: AgentFieldContext): Promise<AgentFieldResult> {
  const parsed = parseSourceItem(text);
  if (parsed.ok) return { ok: true, item: parsed.item, from: parsed.from, shortLink: false };
  if (parsed.reason === 'not_a_link') return { ok: false, code: 'agent_link.not_a_link' };
  const url = new URL(text.trim());
  if (isShortLinkHost(url.hostname, context.agents.shortLinkHosts)) {
    const resolved = await resolveShortLink(url, {
      allowlist: context.agents.shortLinkHosts,
      timeoutMs: context.agents.shortLinkTimeoutMs,
      userAgent: context.userAgent,
      dispatcher: context.dispatcher,
    });
    if (!resolved) return { ok: false, code: 'agent_link.short_link_failed' };
    return { ok: true, ...resolved, shortLink: true };
  }
  return parsed.reason === 'unsupported_host' ? { ok: false, code: 'agent_link.unsupported', host: url.hostname } : { ok: false, code: 'agent_link.not_an_item' };
}

/** A refused agent link as the field's message: what was wrong, and what the field takes. */
export function agentFieldError(refusal: Extract<AgentFieldResult, { ok: false }>): ApiText {
  return text(refusal.code, refusal.host ? { host: refusal.host } : undefined);
}
