import { remoteViteConfig } from '../shared-ui/federation/remote-vite-config.ts';

export default remoteViteConfig('mf-product', {
  './ProductPage': './src/exposes/ProductPage.tsx',
  './lifecycles': './src/exposes/lifecycles.tsx',
});
