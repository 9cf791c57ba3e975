import type { TQuote } from '@spacecapture/shared/contracts/admin-workflow';
import type { TOrderStatus, TQuoteStatus } from '@spacecapture/shared/state-machines';
import { iso } from '../../lib/iso.ts';
import type { TQuoteRow } from './quotes-repository.ts';

/** Rows as the API shows them (the contracts in packages/shared/src/contracts/admin-workflow.ts). */

/** A sent quote past its validity reads as expired, whether or not anything has marked it yet. */
export function effectiveQuoteStatus(row: Pick<TQuoteRow, 'status' | 'validityUntil'>, now: Date): TQuoteStatus {
  if (row.status === 'sent' && row.validityUntil && row.validityUntil.getTime() <= now.getTime()) return 'expired';
  return row.status as TQuoteStatus;
}

export function toQuoteView(
  row: TQuoteRow,
  order: { id: string; title: string; status: string },
  customerOrg: { id: string; name: string },
  now: Date,
): TQuote {
  return {
    id: row.id,
    orderId: row.orderId,
    order: { id: order.id, title: order.title, status: order.status as TOrderStatus, customerOrg },
    priceBreakdown: row.priceBreakdown,
    total: Number(row.total),
    currency: row.currency,
    sla: row.sla,
    validityUntil: iso(row.validityUntil),
    status: effectiveQuoteStatus(row, now),
    sentAt: iso(row.sentAt),
    respondedAt: iso(row.respondedAt),
    createdAt: row.createdAt.toISOString(),
  };
}
