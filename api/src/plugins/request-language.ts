import type { FastifyRequest } from 'fastify';
import { isMailLanguage } from '../mail/localized.js';
import type { MailLanguage } from '@linkhunt/contracts/user';

/** What the API answers in when a request names none of the site's languages. */
export const FALLBACK_LANGUAGE: MailLanguage = 'en';

/** The tags of an Accept-Language header, most wanted first, without those refused (q=0). */
function acceptedTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag);
}

/**
 * The site language a request is answered in: its `lng` query parameter, else the first of its Accept-Language
 * (the site sends the page's language there on every call; `de-CH` counts as `de`), else English.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>): MailLanguage {
  const lng = (request.query as Record<string, unknown> | undefined)?.lng;
  if (isMailLanguage(lng)) return lng;
  for (const tag of acceptedTags(request.headers['accept-language'])) {
    const base = tag.split('-')[0];
    if (isMailLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}
