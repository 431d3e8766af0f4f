import '../register-locales.ts';

export { default } from '../features/audit/components/AuditPage.tsx';
