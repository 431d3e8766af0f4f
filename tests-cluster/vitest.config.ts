import { defineConfig } from 'vitest/config';

/**
 * The cluster suite: one cluster (scripts/cluster/cluster.mjs) on the suite's own ports, started once for the one
 * test file and checked in order, in one worker (the machine's two cores are the cluster's).
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
