import { webVitestConfig } from './vitest.web.ts';

export default webVitestConfig();
