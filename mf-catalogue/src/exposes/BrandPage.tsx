import '../register-locales.ts';

export { default } from '../features/brand/components/BrandPage.tsx';
