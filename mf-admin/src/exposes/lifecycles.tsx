import { standaloneLifecycles } from '@linkhunt/shared-ui/features/standalone/standalone.tsx';
import { Navigate, Route, Routes } from 'react-router';
import '../register-locales.ts';
import AuditPage from '../features/audit/components/AuditPage.tsx';
import PlatformPage from '../features/platform/components/PlatformPage.tsx';
import ReportsPage from '../features/reports/components/ReportsPage.tsx';
import UsersPage from '../features/users/components/UsersPage.tsx';

function StandaloneApp() {
  return (
    <Routes>
      <Route path="/:lang/admin" element={<ReportsPage />} />
      <Route path="/:lang/admin/reports" element={<ReportsPage />} />
      <Route path="/:lang/admin/users" element={<UsersPage />} />
      <Route path="/:lang/admin/audit" element={<AuditPage />} />
      <Route path="/:lang/admin/platform" element={<PlatformPage />} />
      <Route path="*" element={<Navigate replace to="/es/admin/reports" />} />
    </Routes>
  );
}

export const { bootstrap, mount, unmount } = standaloneLifecycles(StandaloneApp);
