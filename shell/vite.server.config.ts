import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { siblingSources } from '../shared-ui/federation/sibling-sources.ts';

/**
 * The shell server (`vite build -c vite.server.config.ts`, into dist-server/): Fastify's main process, the
 * platform CLI (platform-cli.js) and the render worker, which renders the shell's own React tree. Workspace
 * packages are bundled (they are TypeScript sources); the rest stays in node_modules, so the remotes' server entries, which keep React and the other
 * shared packages as bare imports, resolve to these very copies. `.server.ts` siblings replace the browser's
 * modules (the remote loader reads the worker's imported server entries).
 */
export default defineConfig({
  plugins: [react(), siblingSources('server', '/shell/src/')],
  resolve: { conditions: ['source'] },
  ssr: { noExternal: [/^@linkhunt\//], resolve: { conditions: ['source'], externalConditions: ['node'] } },
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist-server',
    emptyOutDir: true,
    rollupOptions: {
      input: { main: 'server/main.ts', 'render-worker': 'server/features/render/render-worker.ts', 'platform-cli': 'server/platform-cli.ts' },
      output: { entryFileNames: '[name].js' },
    },
  },
});
