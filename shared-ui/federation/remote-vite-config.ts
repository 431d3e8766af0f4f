import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { type ExposeOf, type LIFECYCLES_EXPOSE, REMOTES, type RemoteId } from '../../contracts/src/remotes.ts';
import { sharedDeps } from './shared-deps.ts';

/**
 * The build of one remote. Relative base, so the built folder works from any address remotes.json names;
 * CORS on, because the shell's origin loads it; a manifest for tooling; its own fixed dev and preview port.
 */
export function remoteViteConfig<R extends RemoteId>(
  id: R,
  exposes: Record<ExposeOf<R> | typeof LIFECYCLES_EXPOSE, string>,
): UserConfig {
  const { scope, port } = REMOTES[id];
  return defineConfig({
    base: './',
    resolve: { conditions: ['source'] },
    plugins: [
      react(),
      federation({
        name: scope,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedDeps,
        manifest: true,
        dts: false,
      }),
    ],
    server: { port, strictPort: true, cors: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true, cors: true },
    build: { target: 'es2022' },
  });
}
