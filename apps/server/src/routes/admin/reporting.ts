import { ZReport, ZReportingCsvQuery, ZReportingQuery } from '@spacecapture/shared/contracts/admin-console/reporting';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/csv.ts';
import { declareRoutes } from '../declare-routes.ts';
import { signedInErrorResponses } from '../route-schemas.ts';

/** /admin/reporting (spec 001 §2): real figures over a range of days, and the same tables as CSV. */
const adminReportingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reporting;
  const route = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'], errors: signedInErrorResponses });

  route.get(
    '/reporting',
    {
      summary:
        'Orders by status and month, quote conversion, revenue from accepted quotes, provider performance (default: the last 12 months)',
      querystring: ZReportingQuery,
      response: { 200: ZReport },
    },
    async (request) => service.report(request.query),
  );

  route.get(
    '/reporting.csv',
    {
      summary: 'The report as CSV: one table (`table`) or all of them, each after a title row',
      querystring: ZReportingCsvQuery,
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV') },
    },
    async (request, reply) => {
      const { fileName, body } = await service.csv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

export default adminReportingRoutes;
