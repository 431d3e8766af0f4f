import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TREE_SHAKEN_EXPORTS, type TreeShakenPackage } from './tree-shaken-exports.ts';

const ROOT = join(import.meta.dirname, '../..');
const PACKAGES = ['shell', 'mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'mf-admin', 'shared-ui'];
const PACKAGE_NAMES = Object.keys(TREE_SHAKEN_EXPORTS) as TreeShakenPackage[];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const sources = () => PACKAGES.flatMap((name) => sourceFiles(join(ROOT, name, 'src'))).map((file) => readFileSync(file, 'utf8'));

/** The value names a file imports from a package (type-only imports are erased). */
function namedImports(source: string, pkg: TreeShakenPackage): string[] {
  const from = `'${pkg}'`;
  const names: string[] = [];
  for (const match of source.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+${from}`, 'g'))) {
    if (match[1]) continue;
    for (const specifier of (match[2] ?? '').split(',')) {
      const name = specifier.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

describe('the tree-shaken shared packages', () => {
  it('reads named imports, leaving out type-only ones', () => {
    const source = "import { Link, type Location, useParams as params } from 'react-router';\nimport type { RouteObject } from 'react-router';";
    expect(namedImports(source, 'react-router')).toEqual(['Link', 'useParams']);
    expect(namedImports("import { Trans, useTranslation } from 'react-i18next';", 'react-i18next')).toEqual(['Trans', 'useTranslation']);
  });

  it.each(PACKAGE_NAMES)('keep every export of %s a package imports', (pkg) => {
    const used = new Set(sources().flatMap((source) => namedImports(source, pkg)));
    expect(used.size).toBeGreaterThan(0);
    const kept: readonly string[] = TREE_SHAKEN_EXPORTS[pkg];
    expect([...used].filter((name) => !kept.includes(name)).sort()).toEqual([]);
  });

  it.each(PACKAGE_NAMES)('have no default or namespace import of %s, which would need the whole module', (pkg) => {
    const whole = new RegExp(`import\\s+(?:\\*\\s+as\\s+)?\\w+\\s*(?:,\\s*\\{[^}]*\\})?\\s+from\\s+'${pkg}`);
    expect(sources().filter((source) => whole.test(source))).toEqual([]);
  });
});
