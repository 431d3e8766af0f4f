import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedDeps } from '../shared-ui/federation/shared-deps.ts';

// The host: no remotes at build time. /remotes.json names them at runtime, so a remote moves or ships a new
// version without this build changing.
export default defineConfig({
  resolve: { conditions: ['source'] },
  plugins: [react(), federation({ name: 'shell', remotes: {}, shared: sharedDeps, dts: false })],
  server: { port: 5000, strictPort: true },
  preview: { port: 5000, strictPort: true },
  build: { target: 'es2022' },
});
