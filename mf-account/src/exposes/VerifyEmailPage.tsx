import '../register-locales.ts';

export { default } from '../features/verification/components/VerifyEmailPage.tsx';
