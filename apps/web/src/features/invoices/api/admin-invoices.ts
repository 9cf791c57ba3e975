import {
  type TRecordPaymentRequest,
  type TRefundRequest,
  ZInvoice,
  ZInvoiceList,
  ZMonthlyRunResult,
} from '@spacecapture/shared/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointQuery, sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';

/** The admin's invoice data: one key factory, refreshed together after a payment or a void. */
export const adminInvoiceKeys = {
  all: ['admin', 'invoices'] as const,
  list: (status: string) => [...adminInvoiceKeys.all, 'list', status] as const,
};

/** GET /api/admin/invoices → the newest hundred, of one status or all. */
export function useAdminInvoices(status: string) {
  const query = new URLSearchParams({ limit: '100' });
  if (status !== 'all') query.set('status', status);
  return useQuery(endpointQuery(adminInvoiceKeys.list(status), `/api/admin/invoices?${query}`, ZInvoiceList));
}

/** POST /api/admin/invoices/:id/payments: a bank transfer received, once per submission (Idempotency-Key). */
export function recordPayment(input: { id: string; request: TRecordPaymentRequest; idempotencyKey: string }) {
  return apiRequest(`/api/admin/invoices/${encodeURIComponent(input.id)}/payments`, {
    method: 'POST',
    json: input.request,
    idempotencyKey: input.idempotencyKey,
    schema: ZInvoice,
  });
}

export function useRecordPayment() {
  return useRefreshingMutation(adminInvoiceKeys.all, { mutationFn: recordPayment });
}

/** POST /api/admin/invoices/:id/void with a reason. */
export function voidInvoice(input: { id: string; reason: string }) {
  return sendJson(`/api/admin/invoices/${encodeURIComponent(input.id)}/void`, { reason: input.reason }, ZInvoice);
}

export function useVoidInvoice() {
  return useRefreshingMutation(adminInvoiceKeys.all, { mutationFn: voidInvoice });
}

/**
 * POST /api/admin/invoices/:id/refunds (decision 215): a refund with its credit note, once per
 * confirmed form (Idempotency-Key): a retry after a lost answer returns the same credit note.
 */
export function refundInvoice(input: { id: string; request: TRefundRequest; idempotencyKey: string }) {
  return apiRequest(`/api/admin/invoices/${encodeURIComponent(input.id)}/refunds`, {
    method: 'POST',
    json: input.request,
    idempotencyKey: input.idempotencyKey,
    schema: ZInvoice,
  });
}

/** POST /api/admin/invoices/monthly-run: issue the monthly invoices now (decision 242). */
export function useIssueMonthlyInvoices() {
  return useRefreshingMutation(adminInvoiceKeys.all, {
    mutationFn: () => sendJson('/api/admin/invoices/monthly-run', {}, ZMonthlyRunResult),
  });
}

export function useRefundInvoice() {
  return useRefreshingMutation(adminInvoiceKeys.all, { mutationFn: refundInvoice });
}
