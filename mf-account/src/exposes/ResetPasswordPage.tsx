import '../register-locales.ts';

export { default } from '../features/auth/components/ResetPasswordPage.tsx';
