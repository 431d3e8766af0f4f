import '../register-locales.ts';

export { default } from '../features/user-page/components/UserPage.tsx';
