import '../register-locales.ts';

export { default } from '../features/product-form/components/ProductFormPage.tsx';
