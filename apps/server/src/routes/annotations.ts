import {
  ZAnnotation,
  ZAnnotationList,
  ZCreateAnnotationRequest,
  ZDeletedAnnotation,
  ZUpdateAnnotationRequest,
} from '@spacecapture/shared/contracts/annotations';
import { ADMIN_ROLES, CUSTOMER_ROLES, PROVIDER_ROLES, type TPortal } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment, csvRow } from '../lib/csv.ts';
import { ANNOTATION_CSV_HEADER } from '../modules/annotations/annotations-service.ts';
import { actorOf } from '../plugins/auth.ts';
import { declareRoutes } from './declare-routes.ts';
import { idParams } from './route-schemas.ts';

/** "scan.las" → "scan-annotations": the export's file name, after the file's own. */
function exportName(fileName: string, extension: 'csv' | 'json') {
  return `${fileName.replace(/\.[^.]+$/, '')}-annotations.${extension}`;
}

/**
 * Annotations on a file (decisions 240, 241), the same operations in the three portals under
 * /api/{customer,provider,admin}: list, add, change the label, remove, and export as CSV or JSON
 * in the file's coordinate system. The service checks the file belongs to the caller's order.
 */
const annotationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { annotations } = app.services;
  const portals: { portal: TPortal; roles: readonly string[] }[] = [
    { portal: 'customer', roles: CUSTOMER_ROLES },
    { portal: 'provider', roles: PROVIDER_ROLES },
    { portal: 'admin', roles: ADMIN_ROLES },
  ];

  for (const { portal, roles } of portals) {
    const route = declareRoutes(app, { roles, tags: [portal] });
    // Customers' API keys that read deliverables read their annotations too.
    const readScope = portal === 'customer' ? { apiKeyScope: 'deliverables:read' as const } : {};

    route.get(
      `/${portal}/files/:id/annotations`,
      {
        ...readScope,
        summary: "A file's annotations, oldest first, with the file's coordinate units and the order's unit system",
        params: idParams,
        response: { 200: ZAnnotationList },
      },
      async (request) => annotations.list(actorOf(request), portal, request.params.id),
    );

    route.post(
      `/${portal}/files/:id/annotations`,
      {
        summary:
          'Add an annotation at a point of the file (its own coordinates), optionally with a distance, area or height; the other party is told',
        params: idParams,
        body: ZCreateAnnotationRequest,
        response: { 201: ZAnnotation },
      },
      async (request, reply) =>
        reply.status(201).send(await annotations.create(actorOf(request), portal, request.params.id, request.body)),
    );

    route.patch(
      `/${portal}/annotations/:id`,
      {
        summary: "Change an annotation's label (its author only)",
        params: idParams,
        body: ZUpdateAnnotationRequest,
        response: { 200: ZAnnotation },
      },
      async (request) => annotations.update(actorOf(request), portal, request.params.id, request.body),
    );

    route.delete(
      `/${portal}/annotations/:id`,
      {
        summary: 'Remove an annotation (its author, or an admin)',
        params: idParams,
        response: { 200: ZDeletedAnnotation },
      },
      async (request) => annotations.remove(actorOf(request), portal, request.params.id),
    );

    route.get(
      `/${portal}/files/:id/annotations.csv`,
      {
        ...readScope,
        summary: "A file's annotations as CSV, every coordinate in the file's own coordinate system",
        params: idParams,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row') },
      },
      async (request, reply) => {
        const exported = await annotations.exportRows(actorOf(request), portal, request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(exportName(exported.fileName, 'csv')))
          .header('cache-control', 'private, no-store')
          .send([ANNOTATION_CSV_HEADER, ...exported.rows].map(csvRow).join(''));
      },
    );

    route.get(
      `/${portal}/files/:id/annotations.json`,
      {
        ...readScope,
        summary: "A file's annotations as JSON, every coordinate in the file's own coordinate system",
        params: idParams,
        response: { 200: z.object({}).passthrough().describe('The file, its coordinate units and its annotations') },
      },
      async (request, reply) => {
        const exported = await annotations.exportJson(actorOf(request), portal, request.params.id);
        return reply
          .header('content-disposition', attachment(exportName(exported.fileName, 'json')))
          .header('cache-control', 'private, no-store')
          .send(exported.body);
      },
    );
  }
};

export default annotationRoutes;
