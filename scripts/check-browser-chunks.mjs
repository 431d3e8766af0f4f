// @ts-check
// After `pnpm build`: fails when a script a browser downloads holds TypeBox or a module marked server-only
// (contracts/src/server-only.ts). Browser code takes types and plain constants from contracts; the schemas under
// contracts/src/schemas are for the API and the servers, and one stray value import would ship ~19 KB gzip of
// TypeBox in a shell or remote chunk again without any test noticing.
// Usage: node scripts/check-browser-chunks.mjs [--root DIR] [--json FILE]
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** contracts/src/server-only.ts's SERVER_ONLY_MARK (its test holds the two equal). */
export const SERVER_ONLY_MARK = 'linkhunt:server-only-module';

/** A remote's server entry (contracts' SSR_ENTRY_FILE): the shell server loads it, never a browser. */
const SSR_ENTRY_FILE = 'remoteEntry.ssr.js';

/**
 * TypeBox 1.x tags every schema it builds with `~kind` and marks modifiers with `~optional`, `~readonly` and the
 * like; those keys are strings, so they survive minification. Two of them together, quoted, is TypeBox's code (one
 * alone could be a word in some text). 0.x (@sinclair/typebox) registers the symbol `TypeBox.Kind` instead.
 */
const TYPEBOX_SIGNATURES = [
  { what: "TypeBox (its '~kind' schema keys)", test: (/** @type {string} */ code) => /["'`]~kind["'`]/.test(code) && /["'`]~(optional|readonly|immutable|refine|codec|unsafe)["'`]/.test(code) },
  { what: "TypeBox 0.x (its 'TypeBox.Kind' symbol)", test: (/** @type {string} */ code) => code.includes('TypeBox.Kind') },
];

/**
 * The browser builds under `root`: shell/dist (the shell's server build is dist-server, not scanned) and each
 * mf-*\/dist, standalone pages included.
 * @param {string} root
 * @returns {{ name: string, dir: string }[]}
 */
export function browserBuilds(root) {
  const remotes = readdirSync(root).filter((name) => name.startsWith('mf-')).sort();
  return ['shell', ...remotes].map((name) => ({ name, dir: join(root, name, 'dist') })).filter((build) => existsSync(build.dir));
}

/**
 * Every script of a browser build, remote server entries left out.
 * @param {string} dir
 * @returns {string[]}
 */
export function browserScripts(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(m|c)?js$/.test(path) && !path.endsWith(SSR_ENTRY_FILE))
    .map((path) => join(dir, path))
    .sort();
}

/**
 * What of the forbidden code one script holds; empty when clean.
 * @param {string} code
 * @returns {string[]}
 */
export function forbiddenIn(code) {
  const found = TYPEBOX_SIGNATURES.filter((signature) => signature.test(code)).map((signature) => signature.what);
  if (code.includes(SERVER_ONLY_MARK)) found.push(`a server-only module (the '${SERVER_ONLY_MARK}' mark)`);
  return found;
}

/**
 * @param {string} root
 * @returns {{ builds: { name: string, scripts: number, problems: string[] }[] }}
 */
export function checkBrowserChunks(root) {
  const builds = browserBuilds(root).map(({ name, dir }) => {
    const scripts = browserScripts(dir);
    const problems = scripts.flatMap((file) => forbiddenIn(readFileSync(file, 'utf8')).map((what) => `${relative(root, file)}: ${what}`));
    return { name, scripts: scripts.length, problems };
  });
  return { builds };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (/** @type {string} */ name) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const root = resolve(option('--root') ?? join(fileURLToPath(import.meta.url), '../..'));
  const { builds } = checkBrowserChunks(root);
  const json = option('--json');
  // The shape of the load run's report, which scripts/test-summary.mjs counts one test per check.
  if (json) writeFileSync(json, JSON.stringify({ checks: builds.map((build) => ({ name: `browser chunks of ${build.name}`, passed: build.problems.length === 0 })) }));
  if (builds.length === 0) {
    console.error(`No browser build under ${root}: run the build first.`);
    process.exit(1);
  }
  for (const build of builds) console.log(`${build.name}: ${build.scripts} scripts, ${build.problems.length ? 'FAILED' : 'no TypeBox, no server-only module'}`);
  const problems = builds.flatMap((build) => build.problems);
  if (problems.length) {
    console.error(`Browser chunks hold server-only code (browser code must import types and plain constants only, not contracts/schemas):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
}
