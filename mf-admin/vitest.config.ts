import { webVitestConfig } from '../shared-ui/vitest.web.ts';

export default webVitestConfig();
