import { standaloneLifecycles } from '@linkhunt/shared-ui/features/standalone/standalone.tsx';
import { Navigate, Route, Routes } from 'react-router';
import '../register-locales.ts';
import BrandPage from '../features/brand/components/BrandPage.tsx';
import CategoryPage from '../features/category/components/CategoryPage.tsx';
import HomePage from '../features/home/components/HomePage.tsx';

function StandaloneApp() {
  return (
    <Routes>
      <Route path="/:lang/index" element={<HomePage />} />
      <Route path="/:lang/brand/:slug" element={<BrandPage />} />
      <Route path="/:lang/cat/:category" element={<CategoryPage />} />
      <Route path="*" element={<Navigate replace to="/es/index" />} />
    </Routes>
  );
}

export const { bootstrap, mount, unmount } = standaloneLifecycles(StandaloneApp);
