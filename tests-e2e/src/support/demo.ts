/** A seeded demo account (api/src/seed): every demo user signs in with this password. */
export const DEMO_USER = { email: 'lucia.finds@example.com', password: 'linkhunt-demo', name: 'Lucía Fernández' } as const;

/** The admin the e2e harness creates on its fresh database (harness/global-setup.ts). */
export const E2E_ADMIN = { email: 'admin@linkhunt.test', username: 'e2e-admin', password: 'e2e-admin-password' } as const;

/** The reference rates the harness's fake ECB serves (units per euro), so the suites know every conversion. */
export const E2E_RATES = { date: '2026-12-04', rates: { USD: 1.08, CNY: 7.8, GBP: 0.85 } } as const;
