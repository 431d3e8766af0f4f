import '../register-locales.ts';

export { default } from '../features/my-products/components/MyProductsPage.tsx';
