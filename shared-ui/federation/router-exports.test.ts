import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTER_EXPORTS } from './router-exports.ts';

const ROOT = join(import.meta.dirname, '../..');
const PACKAGES = ['shell', 'mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'shared-ui'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The value names a file imports from react-router or react-router-dom (type-only imports are erased). */
function routerImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router(?:-dom)?'/g)) {
    if (match[1]) continue;
    for (const specifier of (match[2] ?? '').split(',')) {
      const name = specifier.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

describe('the tree-shaken shared react-router', () => {
  it('reads named imports, leaving out type-only ones', () => {
    expect(routerImports("import { Link, type Location, useParams as params } from 'react-router';\nimport type { RouteObject } from 'react-router';")).toEqual(['Link', 'useParams']);
  });

  it('keeps every export a package imports', () => {
    const used = new Set(PACKAGES.flatMap((name) => sourceFiles(join(ROOT, name, 'src'))).flatMap((file) => routerImports(readFileSync(file, 'utf8'))));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !(ROUTER_EXPORTS as readonly string[]).includes(name)).sort()).toEqual([]);
  });

  it('has no namespace import, which would need the whole module', () => {
    const namespaceImports = PACKAGES.flatMap((name) => sourceFiles(join(ROOT, name, 'src'))).filter((file) =>
      /import\s+\*\s+as\s+\w+\s+from\s+'react-router/.test(readFileSync(file, 'utf8')),
    );
    expect(namespaceImports).toEqual([]);
  });
});
