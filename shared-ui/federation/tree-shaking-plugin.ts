import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/** The MF runtime's "calculated" tree-shaking status (@module-federation/sdk TreeShakingStatus.CALCULATED). */
const CALCULATED = 2;

/**
 * A federation runtime plugin of the shell and every remote. The build marks a tree-shaken shared module as
 * "unknown", which the runtime reads as "load the full module" unless a deploy service vouches for the export
 * list. Here every build carries the same complete list (tree-shaken-exports.ts, kept complete by a test), so
 * each of them vouches for it: the page loads each tree-shaken package once, from whoever provides it first.
 */
export default function treeShakingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'linkhunt-tree-shaking',
    beforeInit(args) {
      for (const shared of Object.values(args.userOptions.shared ?? {})) {
        for (const item of Array.isArray(shared) ? shared : [shared]) {
          if (item.treeShaking) item.treeShaking.status = CALCULATED;
        }
      }
      return args;
    },
  };
}
