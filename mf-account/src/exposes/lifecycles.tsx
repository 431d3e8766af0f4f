import { standaloneLifecycles } from '@linkhunt/shared-ui/features/standalone/standalone.tsx';
import { Navigate, Route, Routes } from 'react-router';
import '../register-locales.ts';
import LoginPage from '../features/auth/components/LoginPage.tsx';
import RegisterPage from '../features/auth/components/RegisterPage.tsx';
import ForgotPasswordPage from '../features/auth/components/ForgotPasswordPage.tsx';
import ResetPasswordPage from '../features/auth/components/ResetPasswordPage.tsx';
import FavouritesPage from '../features/favourites/components/FavouritesPage.tsx';
import MyProductsPage from '../features/my-products/components/MyProductsPage.tsx';
import ProductFormPage from '../features/product-form/components/ProductFormPage.tsx';
import ProfilePage from '../features/profile/components/ProfilePage.tsx';
import SettingsPage from '../features/settings/components/SettingsPage.tsx';
import UserPage from '../features/user-page/components/UserPage.tsx';
import VerifyEmailPage from '../features/verification/components/VerifyEmailPage.tsx';

function StandaloneApp() {
  return (
    <Routes>
      <Route path="/:lang/auth" element={<LoginPage />} />
      <Route path="/:lang/auth/register" element={<RegisterPage />} />
      <Route path="/:lang/auth/profile" element={<ProfilePage />} />
      <Route path="/:lang/auth/favs" element={<FavouritesPage />} />
      <Route path="/:lang/auth/products" element={<MyProductsPage />} />
      <Route path="/:lang/auth/settings" element={<SettingsPage />} />
      <Route path="/:lang/product/new" element={<ProductFormPage />} />
      <Route path="/:lang/product/edit/:slug" element={<ProductFormPage />} />
      <Route path="/:lang/user/:username" element={<UserPage />} />
      <Route path="/:lang/verify-email" element={<VerifyEmailPage />} />
      <Route path="/:lang/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/:lang/reset-password" element={<ResetPasswordPage />} />
      <Route path="*" element={<Navigate replace to="/es/auth" />} />
    </Routes>
  );
}

export const { bootstrap, mount, unmount } = standaloneLifecycles(StandaloneApp);
