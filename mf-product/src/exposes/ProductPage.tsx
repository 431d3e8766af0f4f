import '../register-locales.ts';
import { preloadProductFromLocation } from '../features/product/api/product-preload.ts';

preloadProductFromLocation();

export { default } from '../pages/ProductPage.tsx';
