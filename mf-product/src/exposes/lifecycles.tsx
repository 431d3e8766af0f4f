import { standaloneLifecycles } from '@linkhunt/shared-ui/features/standalone/standalone.tsx';
import { Navigate, Route, Routes } from 'react-router';
import '../register-locales.ts';
import ProductPage from '../pages/ProductPage.tsx';

function StandaloneApp() {
  return (
    <Routes>
      <Route path="/:lang/product/:slug" element={<ProductPage />} />
      <Route path="*" element={<Navigate replace to="/es/product/not-found" />} />
    </Routes>
  );
}

export const { bootstrap, mount, unmount } = standaloneLifecycles(StandaloneApp);
