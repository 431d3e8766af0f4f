// @ts-check
/**
 * How many lines of hand-written server-state code (hooks and stores that fetch, cache, page or refresh API data)
 * the front end has, now and at the commit before TanStack Query (issue 26's target: at most 300). Counted from
 * git, so the figure for the old layout needs no checkout: `node tests-e2e/bench/server-state-lines.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { markdownTable, writeDocSection } from './doc-section.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The last commit with the hand-written engines. */
const BEFORE = '1001424';
const git = (/** @type {string[]} */ ...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

/** A module of server state: the query layer and its wrappers, and any remote's hook or API module that reads or writes the API. */
const SERVER_STATE = /^(shared-ui\/src\/features\/(query|paging|ssr)\/|shared-ui\/src\/features\/(api\/use-|listing\/use-listing-pages)|mf-[a-z]+\/src\/(.*\/)?(hooks|api)\/|mf-admin\/src\/lib\/admin-query)/;
/** What makes such a module server state: it reads or writes the API, or carries its answers. */
const API_USE = /apiClient|getResults|fetchAnswer|usePrefetchedAnswer|useApiData|useApiPages|useAnswerQuery|@tanstack\/react-query|PrefetchedAnswer|QueryClient/;

/** @param {string} revision */
function count(revision) {
  const files = git('ls-tree', '-r', '--name-only', revision)
    .split('\n')
    .filter((file) => SERVER_STATE.test(file) && /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const total = { files: /** @type {string[]} */ ([]), lines: 0, code: 0 };
  /** The shared layer over the library (shared-ui), and the remotes' own modules. */
  const layer = { files: 0, lines: 0, code: 0 };
  for (const file of files) {
    const text = git('show', `${revision}:${file}`);
    if (!API_USE.test(text)) continue;
    const all = text.split('\n').filter((line) => line.trim() !== '');
    const code = all.filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line)).length;
    total.lines += all.length;
    total.code += code;
    total.files.push(file);
    if (file.startsWith('shared-ui/')) {
      layer.files += 1;
      layer.lines += all.length;
      layer.code += code;
    }
  }
  return { ...total, layer, features: { files: total.files.length - layer.files, lines: total.lines - layer.lines, code: total.code - layer.code } };
}

const before = count(BEFORE);
const after = count('HEAD');
/** @param {{ files: number, lines: number, code: number }} part */
const figure = (part) => `${part.lines} · ${part.code} (${part.files} modules)`;
const rows = [
  { area: 'front end', item: `server-state code before, at ${BEFORE}: lines · code lines`, figure: `${before.lines} · ${before.code} (${before.files.length} modules)`, target: '', met: null },
  { area: 'front end', item: '… of it in shared-ui (the answer plumbing, use-api-data, the paging and listing engines)', figure: figure(before.layer), target: '', met: null },
  { area: 'front end', item: '… of it in the remotes (their own list engines, stores and fetch hooks)', figure: figure(before.features), target: '', met: null },
  { area: 'front end', item: 'server-state code now: lines · code lines', figure: `${after.lines} · ${after.code} (${after.files.length} modules)`, target: '≤ 300 lines', met: after.lines <= 300 },
  { area: 'front end', item: '… of it in shared-ui (the layer over TanStack Query: answers, client, one infinite-list engine)', figure: figure(after.layer), target: '', met: null },
  { area: 'front end', item: '… of it in the remotes (query and mutation declarations: paths, keys, optimistic edits and rollbacks)', figure: figure(after.features), target: '', met: null },
];
console.log(markdownTable(rows));
console.log(`\nnow: ${after.files.join(', ')}`);
if (process.argv.includes('--write')) {
  await writeDocSection(new URL('../../docs/benchmarks.md', import.meta.url).pathname, 'bench:server-state', markdownTable(rows), 'counted from git (non-blank lines; code lines exclude comments)');
}
