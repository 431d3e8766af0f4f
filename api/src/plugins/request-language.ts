import { acceptedLanguages } from '@linkhunt/contracts/accept-language';
import type { FastifyRequest } from 'fastify';
import { isMailLanguage } from '../mail/localized.js';
import type { MailLanguage } from '@linkhunt/contracts/user';

/** What the API answers in when a request names none of the site's languages. */
export const FALLBACK_LANGUAGE: MailLanguage = 'en';

/**
 * The site language a request is answered in: its `lng` query parameter, else the first of its Accept-Language
 * (the site sends the page's language there on every call; `de-CH` counts as `de`), else English.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>): MailLanguage {
  const lng = (request.query as Record<string, unknown> | undefined)?.lng;
  if (isMailLanguage(lng)) return lng;
  for (const tag of acceptedLanguages(request.headers['accept-language'])) {
    const base = tag.toLowerCase().split('-')[0];
    if (isMailLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}
