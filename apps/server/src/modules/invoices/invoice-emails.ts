import type { TEmailAttachment } from '@spacecapture/db/schema';
import { formatDate, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { TSummaryRow } from '../../lib/html.ts';
import type { TOutgoingEmail } from '../outbox/outbox-repository.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';
import { moneyOf } from './invoice-document.ts';
import type { TInvoiceRow } from './invoices-repository.ts';

/** E-mails about an invoice: issued (with its PDF), reminders before and after the due date, paid, void. */

function rowsOf(invoice: TInvoiceRow, orderTitle: string, link: string): TSummaryRow[] {
  return [
    ['Invoice', invoice.number],
    ['Order', orderTitle],
    ['Total', moneyOf(invoice.totalMinor, invoice.currency)],
    ['Still to pay', moneyOf(invoice.totalMinor - invoice.paidMinor, invoice.currency)],
    ['Due', formatDate(invoice.dueAt, SERVER_TIME_ZONE)],
    ['Payment reference', invoice.number],
    ['View and download', link],
  ];
}

function withAttachment(emails: TOutgoingEmail[], attachment: TEmailAttachment | null) {
  return attachment ? emails.map((email) => ({ ...email, attachments: [attachment] })) : emails;
}

export type TInvoiceEmailKind = 'issued' | 'due_soon' | 'overdue' | 'paid' | 'void';

const WORDING: Record<TInvoiceEmailKind, (number: string) => { subject: string; intro: string }> = {
  issued: (number) => ({
    subject: `Invoice ${number}`,
    intro: 'Your invoice is attached. The payment instructions are on it and in the customer portal.',
  }),
  due_soon: (number) => ({
    subject: `Reminder: invoice ${number} is due soon`,
    intro: 'This invoice is due soon. If you have already paid it, thank you, and please ignore this reminder.',
  }),
  overdue: (number) => ({
    subject: `Invoice ${number} is overdue`,
    intro: 'This invoice is past its due date. Please pay it, or contact us if something is wrong.',
  }),
  paid: (number) => ({ subject: `Invoice ${number} paid`, intro: 'Thank you: this invoice is paid in full.' }),
  void: (number) => ({ subject: `Invoice ${number} void`, intro: 'This invoice was voided and is no longer payable.' }),
};

export function invoiceEmails(input: {
  kind: TInvoiceEmailKind;
  invoice: TInvoiceRow;
  orderTitle: string;
  recipients: readonly string[];
  link: string;
  attachment: TEmailAttachment | null;
  reason?: string;
}) {
  const wording = WORDING[input.kind](input.invoice.number);
  const rows = rowsOf(input.invoice, input.orderTitle, input.link);
  if (input.reason) rows.push(['Reason', input.reason]);
  return withAttachment(summaryEmailsTo(input.recipients, wording.subject, wording.intro, rows), input.attachment);
}

/** Where the customer opens an invoice: by its quote, or a monthly invoice by its own id (decision 242). */
export function customerInvoiceLink(publicUrl: string, invoice: Pick<TInvoiceRow, 'id' | 'quoteId'>) {
  return invoice.quoteId
    ? `${publicUrl}${PORTAL_PATHS.customer.quotes}?invoice=${invoice.quoteId}`
    : `${publicUrl}${PORTAL_PATHS.customer.quotes}?invoiceId=${invoice.id}`;
}
