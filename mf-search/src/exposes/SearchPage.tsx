import '../register-locales.ts';

export { default } from '../features/search-page/components/SearchPage.tsx';
