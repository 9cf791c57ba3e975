import {
  ZEarnings,
  ZEarningsQuery,
  ZPayoutAccount,
  ZPayoutOnboardingLink,
} from '@spacecapture/shared/contracts/payouts';
import { PROVIDER_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/csv.ts';
import { actorOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';

/** The provider's Earnings (decision 213): per job and per currency, and statements as CSV and PDF. */
const providerEarningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payouts, connect } = app.services;
  const route = declareRoutes(app, { roles: PROVIDER_ROLES, tags: ['provider'] });

  route.get(
    '/provider/earnings',
    {
      summary:
        "The caller's organisation's jobs with their compensation, fee, status, expected and paid dates, and totals per currency",
      querystring: ZEarningsQuery,
      response: { 200: ZEarnings },
    },
    async (request) => payouts.earnings(actorOf(request), request.query),
  );

  route.get(
    '/provider/earnings/statement.csv',
    {
      summary: 'The statement of a period as CSV',
      querystring: ZEarningsQuery,
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV') },
    },
    async (request, reply) => {
      const { fileName, body } = await payouts.statementCsv(actorOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  route.get(
    '/provider/earnings/statement.pdf',
    {
      summary: 'The statement of a period as PDF',
      querystring: ZEarningsQuery,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('PDF') },
    },
    async (request, reply) => {
      const { fileName, body } = await payouts.statementPdf(actorOf(request), request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  // Stripe Connect (decision 227): the organisation's connected account, onboarding for its admin.
  route.get(
    '/provider/payout-account',
    {
      summary:
        "The organisation's Stripe connected account as last recorded, and whether Stripe is set up (else payouts are by bank transfer)",
      response: { 200: ZPayoutAccount },
    },
    async (request) => connect.account(actorOf(request)),
  );

  route.post(
    '/provider/payout-account/onboarding',
    {
      summary:
        "Start or continue Stripe onboarding: creates the organisation's connected account once and answers Stripe's onboarding link",
      roles: ['provider_admin'],
      response: { 200: ZPayoutOnboardingLink },
    },
    async (request) => connect.startOnboarding(actorOf(request)),
  );

  route.post(
    '/provider/payout-account/refresh',
    {
      summary: "Read the connected account's state from Stripe (on the return from onboarding) and record it",
      response: { 200: ZPayoutAccount },
    },
    async (request) => connect.refresh(actorOf(request)),
  );
};

export default providerEarningsRoutes;
