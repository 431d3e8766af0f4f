import { remoteViteConfig } from '../shared-ui/federation/remote-vite-config.ts';

export default remoteViteConfig('mf-search', {
  './SearchPanel': './src/exposes/SearchPanel.tsx',
  './SearchPage': './src/exposes/SearchPage.tsx',
  './lifecycles': './src/exposes/lifecycles.tsx',
});
