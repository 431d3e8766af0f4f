import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The component-test set-up every front-end package shares: jsdom, React, the shared-ui test setup. */
export function webVitestConfig(setupFiles: string[] = []) {
  return defineConfig({
    plugins: [react()],
    resolve: { conditions: ['source'] },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: [new URL('./src/test/setup.ts', import.meta.url).pathname, ...setupFiles],
      css: { modules: { classNameStrategy: 'non-scoped' } },
    },
  });
}
