import { mergeConfig } from 'vitest/config';
import { webVitestConfig } from './vitest.web.ts';

// The federation settings' own checks run with the package's tests.
export default mergeConfig(webVitestConfig(), { test: { include: ['federation/**/*.test.ts'] } });
