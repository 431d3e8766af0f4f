import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { createTestApp } from './test/test-app.js';

const SRC = fileURLToPath(new URL('.', import.meta.url));
const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** The README's "Where each route lives" table: file → the routes it registers (`GET /products/:id`). */
function readmeRouteMap(): Map<string, string[]> {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf('| routes | file |');
  if (start < 0) throw new Error('the README has lost its route table ("| routes | file |")');
  const rows = text.slice(start).split('\n').slice(2);
  const map = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.startsWith('|')) break;
    const [routes = '', file = ''] = row.split('|').slice(1, 3).map((cell) => cell.trim());
    map.set(file.replace(/`/g, ''), [...routes.matchAll(/`([A-Z]+ \/[^`]*)`/g)].map((m) => m[1] ?? ''));
  }
  return map;
}

it('the README names, for every route of the OpenAPI document, the one file that registers it', async () => {
  const t = await createTestApp();
  try {
    const { paths } = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const map = readmeRouteMap();
    expect([...map.values()].flat().sort()).toEqual(routes.sort());
    for (const [file, listed] of map) {
      const source = readFileSync(join(SRC, file), 'utf8');
      for (const route of listed) expect(source, `${file} does not register ${route}`).toContain(`'${route.split(' ')[1]}'`);
    }
  } finally {
    await t.close();
  }
});
