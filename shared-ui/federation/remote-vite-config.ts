import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type UserConfigFnObject } from 'vite';
import { type ExposeOf, LIFECYCLES_EXPOSE, REMOTES, type RemoteId, SSR_ENTRY_FILE } from '../../contracts/src/remotes.ts';
import { adFrameFiles } from './ad-frame-files.ts';
import { sharedDeps } from './shared-deps.ts';

/** A remote's translations (`src/locales/{lang}.json`) build to `assets/locale-{lang}-{hash}.js`. */
const LOCALE_CHUNK_PREFIX = 'locale-';
const localeChunkPrefix = (moduleId: string | null) => (/\/src\/locales\/[a-z]{2}\.json$/.test(moduleId ?? '') ? LOCALE_CHUNK_PREFIX : '');

/** `vite build --mode standalone`: the remote's own page (index.html), built as a plain app next to the remote. */
export const STANDALONE_MODE = 'standalone';

/** `vite build --mode ssr`: the remote's server entry, remoteEntry.ssr.js, next to remoteEntry.js. */
export const SSR_MODE = 'ssr';

const SSR_ENTRY_ID = 'virtual:linkhunt-ssr-entry';

/**
 * The server entry's source: each exposed page behind an import (lifecycles excluded: they mount in a browser).
 * One file in the end (inlineDynamicImports), so the shell server downloads one file per remote.
 */
function ssrEntry(exposes: Record<string, string>): Plugin {
  return {
    name: 'linkhunt-ssr-entry',
    // Vite hands the build's entry over as a path under the root.
    resolveId: (id) => (id.endsWith(SSR_ENTRY_ID) ? `\0${SSR_ENTRY_ID}` : null),
    load(id) {
      if (id !== `\0${SSR_ENTRY_ID}`) return null;
      const pages = Object.entries(exposes)
        .filter(([name]) => name !== LIFECYCLES_EXPOSE)
        .map(([name, file]) => `${JSON.stringify(name)}: () => import(${JSON.stringify(resolve(file))})`);
      return `export const exposes = {${pages.join(',')}};`;
    },
  };
}

/**
 * The server entry keeps the shared packages as bare imports: the shell server resolves them to its own copies,
 * so a remote's page renders with the shell's React, router and i18n (one of each, as in the browser).
 * shared-ui's state modules are bundled; what one render owns lives in its scope (features/ssr/render-scope.ts).
 */
const SERVER_SHARED = Object.keys(sharedDeps).filter((name) => !name.startsWith('@linkhunt/'));

/**
 * A built remote runs only inside the shell, which provides every shared package (shared-deps.ts); its standalone
 * page is a plain build of its own. `import: false` leaves out the fallback copies and their loaders.
 */
const hostProvided = <T extends Record<string, object>>(shared: T) =>
  Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, { ...config, import: false as const }]));

/**
 * The build of one remote. Relative base, so the built folder works from any address remotes.json names;
 * CORS on, because the shell's origin loads it; a manifest for tooling; its own fixed dev and preview port.
 *
 * The federation runtime is the shell's (`externalRuntime`): a remote does not ship its own 19 KB copy. Its
 * standalone page has no shell to provide one, so the build script makes that page a second, plain build
 * (`--mode standalone`) into the same folder: the remote alone with its own React, as a team runs it. The
 * dev server keeps the runtime in the remote, so there index.html runs the remote alone as before.
 */
export function remoteViteConfig<R extends RemoteId>(
  id: R,
  exposes: Record<ExposeOf<R> | typeof LIFECYCLES_EXPOSE, string>,
): UserConfigFnObject {
  const { scope, port } = REMOTES[id];
  return defineConfig(({ mode, command }) => {
    if (mode === SSR_MODE) {
      return {
        base: './',
        resolve: { conditions: ['source'] },
        plugins: [react(), ssrEntry(exposes)],
        ssr: { noExternal: true, external: SERVER_SHARED, resolve: { conditions: ['source'], externalConditions: ['node'] } },
        build: {
          ssr: SSR_ENTRY_ID,
          target: 'node20',
          emptyOutDir: false,
          copyPublicDir: false,
          rollupOptions: { output: { entryFileNames: SSR_ENTRY_FILE, codeSplitting: false } },
        },
      };
    }
    const standalone = mode === STANDALONE_MODE;
    return {
      base: './',
      resolve: { conditions: ['source'] },
      plugins: [
        react(),
        // The standalone page shows ads too when its config.json names them.
        adFrameFiles(),
        standalone
          ? []
          : federation({
              name: scope,
              filename: 'remoteEntry.js',
              exposes,
              shared: command === 'build' ? hostProvided(sharedDeps) : sharedDeps,
              manifest: true,
              dts: false,
              // The dev server keeps its own runtime, so its index.html still runs the remote alone.
              experiments: { externalRuntime: command === 'build' },
            }),
      ],
      server: { port, strictPort: true, cors: true, origin: `http://localhost:${port}` },
      preview: { port, strictPort: true, cors: true },
      build: standalone
        ? { target: 'es2022', emptyOutDir: false, assetsDir: 'standalone' }
        : {
            target: 'es2022',
            rollupOptions: {
              // The exposes are the remote's only entries; index.html is the standalone build's.
              input: {},
              // The shell's page preload finds a page's words by this name (shell/src/app/boot-preload.ts).
              output: { chunkFileNames: (chunk) => `assets/${localeChunkPrefix(chunk.facadeModuleId)}[name]-[hash].js` },
            },
          },
    };
  });
}
