import type { Plugin } from 'vite';
import { hostShareInfo, sharedDeps, type SharedName } from './shared-deps.ts';
import { TREE_SHAKEN_EXPORTS } from './tree-shaken-exports.ts';

/** The module the shell's bootstrap imports: `registerHostShares()`, declared in shell/src/app/host-shares.d.ts. */
export const HOST_SHARES_ID = 'virtual:linkhunt/host-shares';
const RESOLVED_ID = `\0${HOST_SHARES_ID}`;

const isTreeShaken = (name: string): name is keyof typeof TREE_SHAKEN_EXPORTS => name in TREE_SHAKEN_EXPORTS;

/**
 * The registration of every shared package with the federation runtime, from the shell's own bundle: the whole
 * module for react, react-dom and i18next, and for the others an object of only the exports the packages use
 * (tree-shaken-exports.ts), so the bundler keeps no more of them. Generated from the two lists, so neither can
 * drift from what the shell provides. `federated: false` (the single build) registers nothing.
 */
export function hostShares({ federated }: { federated: boolean }): Plugin {
  const info = hostShareInfo(new URL('../../shell/', import.meta.url));
  return {
    name: 'linkhunt-host-shares',
    resolveId: (id) => (id === HOST_SHARES_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      if (!federated) return 'export function registerHostShares() {}';
      const names = Object.keys(sharedDeps) as SharedName[];
      const imports = names.map((name, i) =>
        isTreeShaken(name)
          ? `import { ${TREE_SHAKEN_EXPORTS[name].map((exported) => `${exported} as s${i}_${exported}`).join(', ')} } from ${JSON.stringify(name)};\n` +
            `const s${i} = { ${TREE_SHAKEN_EXPORTS[name].map((exported) => `${exported}: s${i}_${exported}`).join(', ')} };`
          : `import * as s${i} from ${JSON.stringify(name)};`,
      );
      const shares = names.map((name, i) => {
        const { version, requiredVersion } = info[name];
        const shareConfig = { ...sharedDeps[name], requiredVersion };
        return `${JSON.stringify(name)}: { version: ${JSON.stringify(version)}, lib: () => s${i}, shareConfig: ${JSON.stringify(shareConfig)} }`;
      });
      return [
        `import { registerShared } from '@module-federation/runtime';`,
        ...imports,
        `export function registerHostShares() {\n  registerShared({\n    ${shares.join(',\n    ')}\n  });\n}`,
      ].join('\n');
    },
  };
}
