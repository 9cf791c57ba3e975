import { INVOICE_STATUS_LABELS, periodLabel, type TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import { formatMoney } from '@spacecapture/shared/format';
import { fromMinorUnits } from '@spacecapture/shared/money';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';

/** Minor units of the invoice's currency as people read them. */
export function invoiceMoney(minor: number, currency: string) {
  return formatMoney(fromMinorUnits(minor, currency), currency);
}

export function invoiceStatusLabel(status: TInvoiceView['status']) {
  return INVOICE_STATUS_LABELS[status];
}

/** What an invoice bills, where an order's title goes: the order, or a monthly invoice's month and orders. */
export function invoiceSubject(invoice: Pick<TInvoiceView, 'order' | 'orders' | 'period'>) {
  if (invoice.order) return invoice.order.title;
  const count = invoice.orders.length;
  return `${invoice.period ? periodLabel(invoice.period) : 'Monthly'}: ${count} ${count === 1 ? 'order' : 'orders'}`;
}

/** The customer's page of an invoice: by the quote it bills, or a monthly invoice by its id (decision 242). */
export function customerInvoicePath(invoice: Pick<TInvoiceView, 'id' | 'quoteId'>) {
  return invoice.quoteId
    ? `${PORTAL_PATHS.customer.quotes}?invoice=${encodeURIComponent(invoice.quoteId)}`
    : `${PORTAL_PATHS.customer.quotes}?invoiceId=${encodeURIComponent(invoice.id)}`;
}

/** Basis points as a percentage: 2000 → "20%". */
export function ratePercent(rateBasisPoints: number) {
  return `${Number((rateBasisPoints / 100).toFixed(2))}%`;
}

/** Mantine colour of a status badge. */
export const INVOICE_STATUS_COLORS: Record<TInvoiceView['status'], string> = {
  open: 'blue',
  paid: 'green',
  overdue: 'red',
  void: 'gray',
  partly_refunded: 'orange',
  refunded: 'grape',
};
