import '../register-locales.ts';

export { default } from '../features/profile/components/ProfilePage.tsx';
