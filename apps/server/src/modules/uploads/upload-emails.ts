import { DELIVERABLE_TYPE_LABELS } from '@spacecapture/shared/contracts/provider-uploads';
import { renderSummaryEmail, type TSummaryRow } from '../../lib/html.ts';
import type { TOutgoingEmail } from '../outbox/outbox-repository.ts';

/** E-mails to the customer organisation's members about files of their order; one copy each. */

function each(recipients: readonly string[], subject: string, intro: string, rows: readonly TSummaryRow[]) {
  const unique = [...new Set(recipients.map((address) => address.toLowerCase()))];
  const body = renderSummaryEmail(subject, intro, rows);
  return unique.map((to): TOutgoingEmail => ({ to: [to], subject, ...body }));
}

export function humanSize(bytes: number) {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** The first file of a burst (decision 043): later files of the next minutes are in the portal. */
export function deliverablesArrivedEmails(input: {
  orderTitle: string;
  file: { fileName: string; type: string; size: number };
  recipients: readonly string[];
  link: string;
}) {
  return each(
    input.recipients,
    `Deliverables arrived: ${input.orderTitle}`,
    'The provider has uploaded files for your order. More may follow; every file is listed in your portal, where you can download it.',
    [
      ['Order', input.orderTitle],
      ['File', input.file.fileName],
      ['Type', DELIVERABLE_TYPE_LABELS[input.file.type] ?? input.file.type],
      ['Size', humanSize(input.file.size)],
      ['Download at', input.link],
    ],
  );
}

export function orderDeliveredEmails(input: {
  orderTitle: string;
  fileCount: number;
  recipients: readonly string[];
  link: string;
}) {
  return each(
    input.recipients,
    `Order delivered: ${input.orderTitle}`,
    'The provider has delivered your order. Your files are ready to download in your portal.',
    [
      ['Order', input.orderTitle],
      ['Files', String(input.fileCount)],
      ['Download at', input.link],
    ],
  );
}
