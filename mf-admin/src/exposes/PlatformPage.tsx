import '../register-locales.ts';

export { default } from '../features/platform/components/PlatformPage.tsx';
