import '../register-locales.ts';

export { default } from '../pages/ProductPage.tsx';
