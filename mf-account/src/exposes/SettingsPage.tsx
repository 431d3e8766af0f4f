import '../register-locales.ts';

export { default } from '../features/settings/components/SettingsPage.tsx';
