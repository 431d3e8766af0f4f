import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * For one build flavour (`single`, `server`): a module under `under` with a `.<flavour>.ts` sibling is replaced
 * by it, so the flavour swaps a module without the importers knowing.
 */
export function siblingSources(flavour: string, under: string): Plugin {
  return {
    name: `linkhunt-${flavour}-sources`,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.startsWith('.') || !importer?.includes(under)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const sibling = resolved?.id.replace(/\.ts$/, `.${flavour}.ts`);
      return sibling && sibling !== resolved?.id && existsSync(sibling) ? sibling : null;
    },
  };
}
