/**
 * The import boundaries the lint enforces (eslint.config.js), built from the tree so a new feature or a new
 * shared-ui export is covered without editing the config. docs/architecture.md says what each rule is for.
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
