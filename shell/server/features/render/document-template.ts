import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of the shell's built index.html that a server-rendered page keeps. */
export interface DocumentTemplate {
  /**
   * The head's tags (viewport, icon, the boot script, the shell's script, its stylesheet inline), without charset,
   * title and the script preloads.
   */
  head: string;
}

/** Where React's document leaves room for the template's head (render-page.tsx). */
export const HEAD_PLACEHOLDER = '<meta name="linkhunt-head"/>';

export function readDocumentTemplate(distDir: string): DocumentTemplate {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1];
  if (head === undefined) throw new Error(`${distDir}/index.html has no <head>`);
  return {
    head: head
      .replace(/<meta charset="[^"]*"\s*\/?>/i, '')
      .replace(/<title>[\s\S]*?<\/title>/i, '')
      // The page is on screen before its scripts matter: their preloads only raced the first paint and the
      // largest image for the link (Lighthouse mobile on the home page: FCP 1.7 s with them, 1.0 s without).
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, path: string) => inlineStyle(readFileSync(join(distDir, path), 'utf8')) ?? link)
      .trim(),
  };
}

/**
 * A stylesheet as a `<style>` element of the page, so the first paint waits for no other request (each page's
 * policy allows its own inline styles by hash); undefined for one that cannot move into the page: relative
 * `url()`s would resolve against the page, and `</style` would end the element.
 */
export function inlineStyle(css: string): string | undefined {
  return /url\(|<\/style/i.test(css) ? undefined : `<style>${css}</style>`;
}

/** JSON inside a <script>: `<` escaped, so no text in it can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
