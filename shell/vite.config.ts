import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { siblingSources } from '../shared-ui/federation/sibling-sources.ts';
import { adFrameFiles } from '../shared-ui/federation/ad-frame-files.ts';
import { hostShares } from '../shared-ui/federation/host-shares.ts';
import { bootPreload, type PreloadLocales, type PreloadRoute } from './src/app/boot-preload.ts';
import { REMOTE_ROUTES } from './src/app/remote-routes.ts';

/** `vite build --mode single`: the whole site as one application, without federation, for the benchmarks. */
const SINGLE_MODE = 'single';

/** The shell's own words: its locale files and shared-ui's, one chunk per language in the build. */
const SHELL_LOCALE = /\/(?:shell|shared-ui)\/src\/locales\/([a-z]{2})\.json$/;

/** The early requests of boot-preload.ts, inline in the page's head so they start before any script downloads. */
function bootPreloadScript(routes: readonly PreloadRoute[]): Plugin {
  return {
    name: 'linkhunt-boot-preload',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const locales: Record<string, string[]> = {};
        for (const chunk of Object.values(bundle ?? {})) {
          const language = chunk.type === 'chunk' ? SHELL_LOCALE.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
          if (language) (locales[language] ??= []).push(`/${chunk.fileName}`);
        }
        const args = [routes, locales satisfies PreloadLocales].map((value) => JSON.stringify(value)).join(', ');
        return [{ tag: 'script', injectTo: 'head-prepend', children: `(${bootPreload.toString()})(${args});` }];
      },
    },
  };
}

// The host: no remotes at build time. /remotes.json names them at runtime, so a remote moves or ships a new
// version without this build changing.
export default defineConfig(({ mode }) => ({
  resolve: { conditions: ['source'] },
  plugins: [
    react(),
    adFrameFiles(),
    hostShares({ federated: mode !== SINGLE_MODE }),
    // The single build has no remotes to preload; it makes the same early requests otherwise, for a fair comparison.
    bootPreloadScript(mode === SINGLE_MODE ? [] : REMOTE_ROUTES.map(({ path, remote, expose }) => [path, remote, expose] as const)),
    mode === SINGLE_MODE
      ? siblingSources(SINGLE_MODE, '/shell/src/')
      : federation({
          name: 'shell',
          remotes: {},
          // None through the plugin: the shell registers its own copies at start (host-shares.ts, shared-deps.ts).
          shared: {},
          dts: false,
          // Remotes are registered by their entry files, never by manifest: the runtime's snapshot support
          // (manifest remotes, runtime preloading, devtools) would be dead weight on every first load.
          disableSnapshot: true,
          // The one federation runtime of the page: the remotes are built to use it (remote-vite-config.ts).
          experiments: { provideExternalRuntime: true },
        }),
  ],
  server: { port: 5000, strictPort: true },
  preview: { port: 5000, strictPort: true },
  // One stylesheet: a server-rendered page links it in its head, so no page's styles arrive after its HTML.
  build: { target: 'es2022', outDir: mode === SINGLE_MODE ? 'dist-single' : 'dist', cssCodeSplit: false },
}));
