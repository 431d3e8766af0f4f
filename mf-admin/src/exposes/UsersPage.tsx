import '../register-locales.ts';

export { default } from '../features/users/components/UsersPage.tsx';
