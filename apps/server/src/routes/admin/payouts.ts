import {
  ZCreatePayoutRunRequest,
  ZOrderMargin,
  ZPayable,
  ZPayableList,
  ZPayableListQuery,
  ZPayoutAdjustmentRequest,
  ZPayoutRun,
  ZPayoutRunList,
} from '@spacecapture/shared/contracts/payouts';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { idParams } from '../route-schemas.ts';

/**
 * Provider payouts for admins (decision 213): what is owed and overdue, payout runs by recorded
 * bank transfer, and the adjustment of a job closed without approval.
 */
const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payouts } = app.services;
  const route = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'] });

  route.get(
    '/payables',
    {
      summary:
        'What providers are owed (due), owed past the promised 14 days (overdue), or were paid; with the totals owed per currency',
      querystring: ZPayableListQuery,
      response: { 200: ZPayableList },
    },
    async (request) => payouts.listPayables(request.query),
  );

  route.get(
    '/payout-runs',
    { summary: 'The latest payout runs with their transfers, newest first', response: { 200: ZPayoutRunList } },
    async () => payouts.listRuns(),
  );

  route.post(
    '/payout-runs',
    {
      summary:
        'Pay providers by recorded bank transfer: one transfer (with its reference) per provider organisation and currency, for the jobs chosen or everything due',
      body: ZCreatePayoutRunRequest,
      response: { 201: ZPayoutRun },
    },
    async (request, reply) => reply.status(201).send(await payouts.createRun(actorOf(request), request.body)),
  );

  route.post(
    '/payouts/:id/resume',
    {
      summary:
        'Send a pending Stripe transfer again (Stripe gave no answer): the same idempotency key finds a transfer already made',
      params: idParams,
      response: { 200: ZPayoutRun },
    },
    async (request) => payouts.resumePayout(actorOf(request), request.params.id),
  );

  route.get(
    '/orders/:id/margin',
    {
      summary:
        "The order's price, compensation, fees and margin from its ledger entries, and whether its job can be adjusted",
      params: idParams,
      response: { 200: ZOrderMargin },
    },
    async (request) => payouts.orderMargin(request.params.id),
  );

  route.post(
    '/assignments/:id/payout-adjustment',
    {
      summary: "Make a job closed without the customer's approval payable to its provider, with a reason",
      params: idParams,
      body: ZPayoutAdjustmentRequest,
      response: { 201: ZPayable },
    },
    async (request, reply) =>
      reply.status(201).send(await payouts.adjust(actorOf(request), request.params.id, request.body)),
  );
};

export default adminPayoutRoutes;
