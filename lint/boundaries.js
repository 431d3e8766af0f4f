/**
 * The import boundaries the lint enforces (eslint.config.js), built from the tree so a new feature or a new
 * shared-ui export is covered without editing the config. The README's Layout section says what each rule is for.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = 'lint/fixtures';

const subfolders = (dir) =>
  existsSync(join(ROOT, dir)) ? readdirSync(join(ROOT, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];

/** The folders whose subfolders are features: every front-end package's src/features, the shell server's, the fixtures'. */
function featureRoots() {
  const packages = [...subfolders('.').filter((name) => name === 'shell' || name === 'shared-ui' || name.startsWith('mf-')),
    ...subfolders(FIXTURES).map((name) => `${FIXTURES}/${name}`)];
  return [...packages.map((pkg) => `${pkg}/src/features`), 'shell/server/features'].filter((dir) => existsSync(join(ROOT, dir)));
}

/** shared-ui's public modules: the keys of its package.json `exports`, without the leading `./`. */
export function sharedUiExports() {
  const { exports } = JSON.parse(readFileSync(join(ROOT, 'shared-ui/package.json'), 'utf8'));
  return Object.keys(exports).map((key) => key.slice(2));
}

/**
 * One zone per feature: it may import from its own folder, and from another feature only a module its package
 * exports (shared-ui's features are its public modules, used by the other packages too). Anything else two
 * features share belongs in the package's components/, hooks/ or lib/.
 */
export function boundaryZones() {
  const shared = sharedUiExports().filter((path) => path.startsWith('features/')).map((path) => `./${path.slice('features/'.length)}`);
  return featureRoots().flatMap((root) =>
    subfolders(root).map((name) => ({
      target: `${root}/${name}`,
      from: root,
      except: [`./${name}`, ...(root === 'shared-ui/src/features' ? shared : [])],
      message: ` A feature does not import another feature (${root}/${name}): move what both use to the package's components/, hooks/ or lib/.`,
    })),
  );
}

/** What production code never imports: the repository's scripts, the end-to-end suite, and test helpers. */
export function testHelperZones() {
  const message = ' Production code does not import scripts or test code: move what it needs into the package.';
  return [
    { target: '.', from: ['scripts', 'api/scripts', 'tests-e2e'], message },
    { target: '.', from: ['**/test/**', '**/*.test.*', '**/*.test-worker.*', '**/test-*.*', '**/*-test-*.*', '**/*fake*.*', '**/*fixture*.*'], message },
  ];
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** no-restricted-imports patterns: shared-ui only through its exports, and never by a relative path into it. */
export function sharedUiDeepImports() {
  return [
    {
      regex: `^@linkhunt/shared-ui/(?!(?:${sharedUiExports().map(escape).join('|')})$)`,
      message: "Not in shared-ui's exports (shared-ui/package.json): import a public module, or export this one if it is meant to be shared.",
    },
    { group: ['**/shared-ui/src/**'], message: 'Import shared-ui by its package name (@linkhunt/shared-ui/…), not by a path into it.' },
  ];
}

const API_FEATURES = 'api/src/features';
const API_FIXTURE_FEATURES = `${FIXTURES}/api-fixture/src/features`;

/**
 * Which other feature folders each API feature may import. The features form layers, so no two reach each other
 * in a circle: what features on both sides need moves down to db/, http/ or a feature below them both (moderation
 * is that for admin, appeals, products and the link checker). A feature left out may import no other feature.
 */
export const API_FEATURE_IMPORTS = {
  admin: ['auth', 'link-health', 'moderation', 'products'],
  'agent-links': ['link-health'],
  appeals: ['moderation'],
  auth: ['agent-links', 'prices', 'products', 'users'],
  brands: ['products'],
  categories: ['products'],
  favourites: ['auth', 'products'],
  'link-health': ['moderation'],
  products: ['agent-links', 'link-health', 'moderation', 'prices', 'search', 'takedown'],
  reports: ['auth'],
  'share-images': ['takedown'],
  sitemap: ['products'],
  users: ['products'],
  valorations: ['products', 'users'],
};
/** The fixture's features (lint/fixtures/api-fixture): gamma builds on delta. */
const API_FIXTURE_IMPORTS = { gamma: ['delta'] };

/** A circle in a feature → features-it-imports map, as the path that closes it (['a', 'b', 'a']), or null. */
export function findCycle(imports) {
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    for (const next of imports[name] ?? []) {
      const cycle = visit(next, [...path, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return null;
  };
  for (const name of Object.keys(imports)) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return null;
}

/** One zone per API feature: it may import its own folder and the features API_FEATURE_IMPORTS lists for it, nothing else. */
export function apiFeatureZones() {
  return [
    [API_FEATURES, API_FEATURE_IMPORTS],
    [API_FIXTURE_FEATURES, API_FIXTURE_IMPORTS],
  ].flatMap(([root, imports]) => {
    const cycle = findCycle(imports);
    // The layers themselves must not circle, or the rule below would allow the circle it exists to prevent.
    if (cycle) throw new Error(`lint/boundaries.js: the API features import each other in a circle: ${cycle.join(' → ')}`);
    return subfolders(root).map((name) => ({
      target: `${root}/${name}`,
      from: root,
      except: [`./${name}`, ...(imports[name] ?? []).map((other) => `./${other}`)],
      message: ` An API feature imports only the features lint/boundaries.js (API_FEATURE_IMPORTS) lists for it, so none import each other in a circle: move what both need down to db/ or http/.`,
    }));
  });
}
