import type { Mail } from '../plugins/mailer.js';
import { inLanguage } from './localized.js';
import { GREETING, SIGNATURE } from './salutations.js';

/** A mail's content before it is laid out: paragraphs of plain text, at most one link to act on. */
export interface MailContent {
  subject: string;
  /** Whom the greeting names; null greets without a name. */
  name: string | null;
  paragraphs: string[];
  /** The one thing to do (label: a button's words); in the text part its address stands alone on a line, so every client makes it clickable. */
  action?: { label: string; url: string };
  /** Paragraphs after the link (how long it works, what to do if it was not you). */
  after?: string[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The plain-text part (what every test and many readers see) and a small HTML part with the same words, between
 * the greeting and the signature in the recipient's language.
 */
export function composeMail(to: string, language: string | null | undefined, content: MailContent): Mail {
  const { subject, name, paragraphs, action, after = [] } = content;
  const greeting = inLanguage(GREETING, language)(name);
  const signature = inLanguage(SIGNATURE, language);
  const text = [greeting, ...paragraphs, ...(action ? [`${action.label}\n${action.url}`] : []), ...after, signature].join('\n\n');
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1f2937;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>` +
      `<p style="font-size:13px;color:#4b5563">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111827">${[
    p(greeting),
    ...paragraphs.map(p),
    button,
    ...after.map(p),
    p(signature),
  ].join('')}</body></html>`;
  return { to, subject, text: `${text}\n`, html };
}
