import { PREVIEW_PATH } from '@linkhunt/contracts/platform';
import type { Language } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import de from '../../../src/locales/de.json';
import en from '../../../src/locales/en.json';
import es from '../../../src/locales/es.json';
import fr from '../../../src/locales/fr.json';
import it from '../../../src/locales/it.json';
import { escapeAttribute } from '../html/escape.ts';
import type { Preview } from './previews.ts';

const WORDS: Record<Language, { label: string; badge: string; end: string }> = { de: de.preview, en: en.preview, es: es.preview, fr: fr.preview, it: it.preview };

/**
 * The badge a preview's pages carry, naming what is overridden, with the link that ends the preview. Written
 * after React's root, never inside it, so hydration never meets it; styled by the shell's stylesheet, so the
 * policy needs no inline style for it.
 */
export function withPreviewBadge(html: string, preview: Preview, language: Language): string {
  const words = WORDS[language];
  const remotes = Object.keys(preview.overrides).join(', ');
  const badge =
    `<aside class="preview-badge" aria-label="${escapeAttribute(words.label)}" data-preview="${escapeAttribute(preview.header)}">` +
    `<span>${escapeAttribute(words.badge.replace('{{remotes}}', remotes))}</span>` +
    `<a href="${PREVIEW_PATH}/end">${escapeAttribute(words.end)}</a></aside>`;
  return html.replace('</body>', `${badge}</body>`);
}
