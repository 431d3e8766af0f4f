import '../register-locales.ts';

export { default } from '../features/category/components/CategoryPage.tsx';
