import { remoteViteConfig } from '../shared-ui/federation/remote-vite-config.ts';

export default remoteViteConfig('mf-account', {
  './LoginPage': './src/exposes/LoginPage.tsx',
  './RegisterPage': './src/exposes/RegisterPage.tsx',
  './ProfilePage': './src/exposes/ProfilePage.tsx',
  './ProductFormPage': './src/exposes/ProductFormPage.tsx',
  './MyProductsPage': './src/exposes/MyProductsPage.tsx',
  './FavouritesPage': './src/exposes/FavouritesPage.tsx',
  './SettingsPage': './src/exposes/SettingsPage.tsx',
  './UserPage': './src/exposes/UserPage.tsx',
  './VerifyEmailPage': './src/exposes/VerifyEmailPage.tsx',
  './ForgotPasswordPage': './src/exposes/ForgotPasswordPage.tsx',
  './ResetPasswordPage': './src/exposes/ResetPasswordPage.tsx',
  './lifecycles': './src/exposes/lifecycles.tsx',
});
