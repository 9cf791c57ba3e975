import { DELIVERABLE_TYPE_LABELS } from '@spacecapture/shared/contracts/provider-uploads';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';

/** E-mails to the customer organisation's members about files of their order; one copy each. */

/** The first file of a burst (decision 043): later files of the next minutes are in the portal. */
export function deliverablesArrivedEmails(input: {
  orderTitle: string;
  file: { fileName: string; type: string; size: number };
  recipients: readonly string[];
  link: string;
}) {
  return summaryEmailsTo(
    input.recipients,
    `Deliverables arrived: ${input.orderTitle}`,
    'The provider has uploaded files for your order. More may follow; every file is listed in your portal, where you can download it.',
    [
      ['Order', input.orderTitle],
      ['File', input.file.fileName],
      ['Type', DELIVERABLE_TYPE_LABELS[input.file.type] ?? input.file.type],
      ['Size', formatFileSize(input.file.size)],
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
  return summaryEmailsTo(
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

/** A tour link delivered (decision 233): as the first file of a burst, with the tour's address. */
export function tourArrivedEmails(input: {
  orderTitle: string;
  title: string;
  url: string;
  recipients: readonly string[];
  link: string;
}) {
  return summaryEmailsTo(
    input.recipients,
    `Deliverables arrived: ${input.orderTitle}`,
    'The provider has delivered a virtual tour for your order. Every deliverable is listed in your portal.',
    [
      ['Order', input.orderTitle],
      ['Tour', input.title],
      ['Address', input.url],
      ['See it at', input.link],
    ],
  );
}
