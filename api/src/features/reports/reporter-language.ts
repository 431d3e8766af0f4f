import type { MailLanguage } from '@linkhunt/contracts/user';
import { DEFAULT_MAIL_LANGUAGE, isMailLanguage } from '../../mail/localized.js';

/**
 * The site language a visitor's browser prefers most, from Accept-Language (`de-CH, fr;q=0.8, *;q=0.5`):
 * its tags by weight, the first whose language the site has; else the site's default.
 */
export function preferredLanguage(header: string | undefined): MailLanguage {
  if (!header) return DEFAULT_MAIL_LANGUAGE;
  const tags = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((tag) => tag.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return tags.map((tag) => tag.language).find(isMailLanguage) ?? DEFAULT_MAIL_LANGUAGE;
}
