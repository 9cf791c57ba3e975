import { ZAuditCsvQuery, ZAuditList, ZAuditQuery } from '@spacecapture/shared/contracts/admin-console/audit';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/csv.ts';
import { declareRoutes } from '../declare-routes.ts';
import { signedInErrorResponses } from '../route-schemas.ts';

/** /admin/audit (spec 001 §2, §9): the latest 100 entries, filters, pages beyond, and a CSV export. */
const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.auditLog;
  const route = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'], errors: signedInErrorResponses });

  route.get(
    '/audit',
    {
      summary: 'Audit entries, newest first (100 by default); filter by entity, action, actor and dates',
      querystring: ZAuditQuery,
      response: { 200: ZAuditList },
    },
    async (request) => service.list(request.query),
  );

  route.get(
    '/audit.csv',
    {
      summary: 'The audit entries the same filters select, as CSV (streamed, newest first)',
      querystring: ZAuditCsvQuery,
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV with a header row') },
    },
    async (request, reply) => {
      const stream = await service.csv(request.query);
      const day = app.clock().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(`audit-${day}.csv`))
          .header('cache-control', 'no-store')
          // A stream is sent as it is read; the schema documents what it carries (text).
          .send(stream as unknown as string)
      );
    },
  );
};

export default adminAuditRoutes;
