// @ts-check
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'vite';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SERVER_ONLY_MARK as CONTRACTS_MARK } from '../contracts/src/server-only.ts';
import { checkBrowserChunks, forbiddenIn, SERVER_ONLY_MARK } from './check-browser-chunks.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONTRACTS = join(ROOT, 'contracts/src');
const SCRIPT = join(ROOT, 'scripts/check-browser-chunks.mjs');
const run = promisify(execFile);

/**
 * Entry modules bundled as production browser chunks are (Vite, minified, tree-shaken): what a stray import would
 * put in a page. Each logs what it imports so that nothing is shaken away for being unused.
 */
const ENTRIES = {
  // TypeBox itself, without the mark: the signature alone must catch it.
  typebox: `import Type from 'typebox';\nconsole.log(Type.Object({ id: Type.Integer(), name: Type.Optional(Type.String()) }));`,
  // The mark alone, tree-shaken and minified: it must survive both.
  mark: `import '${CONTRACTS}/server-only.ts';\nconsole.log('marked');`,
  // A schema module, as a component importing a schema by mistake would.
  schema: `import { ListingQuery } from '${CONTRACTS}/schemas/listing.ts';\nconsole.log(ListingQuery);`,
  // What browser code does import: plain constants from modules whose types come from the schemas.
  clean: [
    `import { LISTING_SORTS, MAX_FILTER_VALUES } from '${CONTRACTS}/listing.ts';`,
    `import { REPORT_REASONS } from '${CONTRACTS}/product.ts';`,
    `import { AUDIT_ACTIONS, STATEMENT_MIN_LENGTH } from '${CONTRACTS}/moderation.ts';`,
    `import { PASSWORD_MIN_LENGTH } from '${CONTRACTS}/user.ts';`,
    `import { VERIFIED_MARK_DAYS } from '${CONTRACTS}/link-health.ts';`,
    `import { IDEMPOTENCY_KEY_HEADER } from '${CONTRACTS}/idempotency.ts';`,
    `import { SUGGESTION_LIMIT } from '${CONTRACTS}/search.ts';`,
    `import type { ProductSummary } from '${CONTRACTS}/product.ts';`,
    `const product: Partial<ProductSummary> = { title: 'x' };`,
    `console.log(LISTING_SORTS, MAX_FILTER_VALUES, REPORT_REASONS, AUDIT_ACTIONS, STATEMENT_MIN_LENGTH, PASSWORD_MIN_LENGTH, VERIFIED_MARK_DAYS, IDEMPOTENCY_KEY_HEADER, SUGGESTION_LIMIT, product);`,
  ].join('\n'),
};

/** @type {string} */
let dir;
/** @type {Record<keyof typeof ENTRIES, string>} */
const chunks = { typebox: '', mark: '', schema: '', clean: '' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'browser-chunks-'));
  const sources = join(dir, 'src');
  await mkdir(sources);
  for (const [name, code] of Object.entries(ENTRIES)) await writeFile(join(sources, `${name}.ts`), code);
  // One build per entry, so that each chunk holds all it took (several entries would share chunks).
  for (const name of /** @type {(keyof typeof ENTRIES)[]} */ (Object.keys(ENTRIES))) {
    const outDir = join(dir, 'out', name);
    await build({
      configFile: false,
      logLevel: 'silent',
      root: sources,
      // The fixtures sit outside any package: TypeBox is found where contracts has it.
      resolve: { alias: { typebox: createRequire(join(ROOT, 'contracts/package.json')).resolve('typebox') } },
      build: { outDir, rolldownOptions: { input: join(sources, `${name}.ts`), output: { entryFileNames: 'chunk.js', codeSplitting: false } } },
    });
    chunks[name] = await readFile(join(outDir, 'chunk.js'), 'utf8');
  }
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('forbiddenIn, on chunks Vite built', () => {
  it('finds TypeBox in a chunk that bundles it', () => {
    assert.deepEqual(forbiddenIn(chunks.typebox), ["TypeBox (its '~kind' schema keys)"]);
  });

  it('finds the server-only mark, which survives minification and tree-shaking', () => {
    assert.deepEqual(forbiddenIn(chunks.mark), [`a server-only module (the '${SERVER_ONLY_MARK}' mark)`]);
  });

  it('finds both in a chunk that imported a contracts schema', () => {
    assert.equal(forbiddenIn(chunks.schema).length, 2);
  });

  it('finds nothing in a chunk of plain contracts constants and types', () => {
    assert.deepEqual(forbiddenIn(chunks.clean), []);
    assert.match(chunks.clean, /broken_link/);
  });

  it('looks for the mark contracts sets', () => {
    assert.equal(SERVER_ONLY_MARK, CONTRACTS_MARK);
  });
});

describe('the check over a build tree', () => {
  /**
   * A tree shaped like the repository's builds: shell/dist, shell/dist-server and mf-*\/dist with a server entry.
   * @param {string} tree
   * @param {string} remoteChunk
   */
  async function makeTree(tree, remoteChunk) {
    await mkdir(join(tree, 'shell/dist/assets'), { recursive: true });
    await writeFile(join(tree, 'shell/dist/assets/index-1a2b.js'), chunks.clean);
    // Server builds may hold TypeBox: the shell's server build and a remote's server entry are not scanned.
    await mkdir(join(tree, 'shell/dist-server'), { recursive: true });
    await writeFile(join(tree, 'shell/dist-server/main.js'), chunks.schema);
    await mkdir(join(tree, 'mf-fixture/dist/standalone'), { recursive: true });
    await writeFile(join(tree, 'mf-fixture/dist/remoteEntry.ssr.js'), chunks.schema);
    await writeFile(join(tree, 'mf-fixture/dist/standalone/index-3c4d.js'), remoteChunk);
  }

  it('passes a tree whose browser chunks are clean', async () => {
    const tree = join(dir, 'clean-tree');
    await makeTree(tree, chunks.clean);
    assert.deepEqual(checkBrowserChunks(tree).builds, [
      { name: 'shell', scripts: 1, problems: [] },
      { name: 'mf-fixture', scripts: 1, problems: [] },
    ]);
    const { stdout } = await run(process.execPath, [SCRIPT, '--root', tree]);
    assert.match(stdout, /mf-fixture: 1 scripts, no TypeBox/);
  });

  it('fails naming the file and what it holds, and reports it for the summary', async () => {
    const tree = join(dir, 'typebox-tree');
    await makeTree(tree, chunks.typebox);
    const json = join(dir, 'browser-chunks.json');
    const failure = await run(process.execPath, [SCRIPT, '--root', tree, '--json', json]).then(
      () => assert.fail('the check passed a chunk holding TypeBox'),
      (/** @type {{ code: number, stderr: string }} */ error) => error,
    );
    assert.equal(failure.code, 1);
    assert.match(failure.stderr, /mf-fixture\/dist\/standalone\/index-3c4d\.js: TypeBox/);
    assert.doesNotMatch(failure.stderr, /remoteEntry\.ssr\.js|dist-server/);
    assert.deepEqual(JSON.parse(await readFile(json, 'utf8')), {
      checks: [
        { name: 'browser chunks of shell', passed: true },
        { name: 'browser chunks of mf-fixture', passed: false },
      ],
    });
  });

  it('fails when there is no build to check', async () => {
    const empty = join(dir, 'empty-tree');
    await mkdir(empty);
    await assert.rejects(run(process.execPath, [SCRIPT, '--root', empty]), /run the build first/);
  });
});
