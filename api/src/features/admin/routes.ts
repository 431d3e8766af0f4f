import type { App } from '../../app-types.js';
import { auditRoutes } from './audit-routes.js';
import { reportQueueRoutes } from './reports-routes.js';
import { reviewModerationRoutes } from './review-routes.js';
import { userModerationRoutes } from './users-routes.js';

/**
 * The moderation console's API, for moderators and admins: the reports queue, decisions on products and
 * appeals, review photos, accounts, and the audit log. Every action is written to the audit log in its own transaction.
 */
export async function adminRoutes(app: App): Promise<void> {
  // One guard for the whole plugin (it is encapsulated, and the route plugins below inherit it), so a route
  // added here later cannot forget it. Admin-only routes add app.requireAdmin on top.
  app.addHook('onRequest', app.requireModerator);
  await app.register(reportQueueRoutes);
  await app.register(reviewModerationRoutes);
  await app.register(userModerationRoutes);
  await app.register(auditRoutes);
}
