import { AuditPage, AuditQuery } from '@linkhunt/contracts/schemas/moderation';
import type { App } from '../../app-types.js';
import { pageOfAudit } from '../moderation/audit-repository.js';
import { bearer, guarded } from './route-docs.js';

export async function auditRoutes(app: App): Promise<void> {
  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listAuditLog',
        summary: 'The audit log of every moderator action, newest first',
        description: 'Append-only: the database refuses to change or delete an entry. Filters: action, actor (a username), target_type, target_id.',
        querystring: AuditQuery,
        security: bearer,
        response: { 200: AuditPage, ...guarded },
      },
    },
    async (request) => {
      const { data, pagination } = await pageOfAudit(app.db, request.query);
      return { results: { data, meta: { pagination } } };
    },
  );
}
