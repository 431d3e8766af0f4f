import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { API_FEATURE_IMPORTS, findCycle } from './boundaries.js';

/**
 * The repository's own eslint.config.js against code written to break each boundary (lint/fixtures, left out of
 * the normal run): each must fail with its rule, and the clean module must pass.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const FIXTURE = 'lint/fixtures/mf-fixture/src';
const API_FIXTURE = 'lint/fixtures/api-fixture/src';
const eslint = new ESLint({ cwd: ROOT, ignore: false });

async function rulesBroken(file: string, fixture = FIXTURE): Promise<string[]> {
  const results = await eslint.lintFiles([`${fixture}/${file}`]);
  return [...new Set(results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message)))].sort();
}

describe('the import boundaries', () => {
  it('reject a feature importing another feature of its package', async () => {
    expect(await rulesBroken('features/alpha/imports-other-feature.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it("reject an import of a shared-ui module its exports do not list, or by a path into shared-ui's sources", async () => {
    expect(await rulesBroken('features/alpha/imports-shared-ui-internal.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesBroken('features/alpha/imports-shared-ui-by-path.ts')).toEqual(['no-restricted-imports']);
  });

  it('reject production code importing scripts/ or a test helper', async () => {
    expect(await rulesBroken('lib/imports-script.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesBroken('lib/imports-render-kit.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('reject an import cycle', async () => {
    expect(await rulesBroken('lib/cycle-first.ts')).toEqual(['import-x/no-cycle']);
    expect(await rulesBroken('lib/values-reexported.ts')).toEqual(['import-x/no-cycle']);
  });

  // patches/eslint-plugin-import-x: the rule skipped `import type` but took `export type … from` for a runtime edge.
  it('accept a cycle of types only, re-exported with `export type … from`', async () => {
    expect(await rulesBroken('lib/types-reexported.ts')).toEqual([]);
  });

  it("accept a feature using its own modules, the package's lib/ and shared-ui's exports", async () => {
    expect(await rulesBroken('features/alpha/clean.ts')).toEqual([]);
  });
});

describe("the API's layout", () => {
  it('rejects a query built outside a repository or db/, raw SQL included', async () => {
    expect(await rulesBroken('features/gamma/thing-service.ts', API_FIXTURE)).toEqual(['no-restricted-syntax']);
  });

  it('rejects a route file that reaches the database itself', async () => {
    expect(await rulesBroken('features/gamma/routes.ts', API_FIXTURE)).toEqual(['no-restricted-imports', 'no-restricted-syntax']);
  });

  it('rejects a feature importing a feature its layer does not list, which would close a circle', async () => {
    expect(await rulesBroken('features/delta/imports-gamma.ts', API_FIXTURE)).toEqual(['import-x/no-restricted-paths']);
  });

  it('accepts a repository building queries, and a route file calling one of a feature below it', async () => {
    expect(await rulesBroken('features/delta/thing-repository.ts', API_FIXTURE)).toEqual([]);
    expect(await rulesBroken('features/gamma/clean-routes.ts', API_FIXTURE)).toEqual([]);
  });
});

describe('findCycle', () => {
  it('finds the circle in a map of imports, and none in layers', () => {
    expect(findCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle({ a: ['a'] })).toEqual(['a', 'a']);
    expect(findCycle({ a: ['b', 'c'], b: ['c'], c: [] })).toBeNull();
  });

  it("finds none in the API's declared layers", () => {
    expect(findCycle(API_FEATURE_IMPORTS)).toBeNull();
  });
});
