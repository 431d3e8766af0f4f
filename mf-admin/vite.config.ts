import { remoteViteConfig } from '../shared-ui/federation/remote-vite-config.ts';

export default remoteViteConfig('mf-admin', {
  './ReportsPage': './src/exposes/ReportsPage.tsx',
  './UsersPage': './src/exposes/UsersPage.tsx',
  './AuditPage': './src/exposes/AuditPage.tsx',
  './PlatformPage': './src/exposes/PlatformPage.tsx',
  './lifecycles': './src/exposes/lifecycles.tsx',
});
