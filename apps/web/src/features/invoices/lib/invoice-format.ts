import { INVOICE_STATUS_LABELS, type TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import { formatMoney } from '@spacecapture/shared/format';
import { fromMinorUnits } from '@spacecapture/shared/money';

/** Minor units of the invoice's currency as people read them. */
export function invoiceMoney(minor: number, currency: string) {
  return formatMoney(fromMinorUnits(minor, currency), currency);
}

export function invoiceStatusLabel(status: TInvoiceView['status']) {
  return INVOICE_STATUS_LABELS[status];
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
