import '../register-locales.ts';

export { default } from '../features/product-page/components/ProductPage.tsx';
