import { remoteViteConfig } from '../shared-ui/federation/remote-vite-config.ts';

export default remoteViteConfig('mf-catalogue', {
  './Home': './src/exposes/Home.tsx',
  './BrandPage': './src/exposes/BrandPage.tsx',
  './CategoryPage': './src/exposes/CategoryPage.tsx',
  './lifecycles': './src/exposes/lifecycles.tsx',
});
