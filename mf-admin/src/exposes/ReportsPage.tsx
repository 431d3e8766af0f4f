import '../register-locales.ts';

export { default } from '../features/reports/components/ReportsPage.tsx';
