import { defineConfig } from 'vitest/config';
import { webVitestConfig } from '../shared-ui/vitest.web.ts';

/** The shell's components in jsdom; its server (server/) in Node, without the browser set-up. */
export default defineConfig({
  test: {
    projects: [
      { ...webVitestConfig(), test: { ...webVitestConfig().test, name: 'web' } },
      { resolve: { conditions: ['source'] }, test: { name: 'server', environment: 'node', include: ['server/**/*.test.{ts,tsx,mjs}'] } },
    ],
  },
});
