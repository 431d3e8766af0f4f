/** A seeded demo account (api/src/seed): every demo user signs in with this password. */
export const DEMO_USER = { email: 'lucia.finds@example.com', password: 'linkhunt-demo', name: 'Lucía Fernández' } as const;
