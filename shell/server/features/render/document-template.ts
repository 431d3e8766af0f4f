import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of the shell's built index.html that a server-rendered page keeps. */
export interface DocumentTemplate {
  /** The head's tags (viewport, icon, the boot script, the shell's script and stylesheet), without charset and title. */
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
      .trim(),
  };
}

/** JSON inside a <script>: `<` escaped, so no text in it can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
export const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
