import type { TAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { formatDateTime } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';

/**
 * The admin's next step on an order (decision 201): what the order waits for, and where the admin
 * acts when it waits for them. Read from the order's status, its latest quote and its latest
 * assignment, so the order page never leaves the admin to know which page comes next.
 */
export type TNextStep = {
  /** Whose move it is. */
  waitsFor: 'admin' | 'customer' | 'provider' | 'nobody';
  text: string;
  action?: { label: string; href: string };
};

const quotesOf = (orderId: string) => `${PORTAL_PATHS.admin.quotes}?order=${encodeURIComponent(orderId)}`;
const assignmentsOf = (orderId: string) => `${PORTAL_PATHS.admin.assignments}?order=${encodeURIComponent(orderId)}`;

export function nextStepOf(detail: TAdminOrderDetail): TNextStep {
  const { order } = detail;
  // The order's quotes and offers come newest first: the first is the one that stands.
  const quote = detail.quotes[0];
  const assignment = detail.assignments[0];
  const proposed = detail.jobEvents.some(
    (event) => event.type === 'deadline' && assignment && event.metadata.assignmentId === assignment.id,
  );
  switch (order.status) {
    case 'triage':
      if (quote?.status === 'draft') {
        return {
          waitsFor: 'admin',
          text: 'A draft quote is ready: check it and send it to the customer.',
          action: { label: 'Send quote', href: quotesOf(order.id) },
        };
      }
      return {
        waitsFor: 'admin',
        text: quote ? `The last quote was ${quote.status}: write a new one.` : 'The order waits for its quote.',
        action: { label: 'Create quote', href: quotesOf(order.id) },
      };
    case 'quoted':
      return { waitsFor: 'customer', text: 'The quote was sent: the customer accepts or declines it.' };
    case 'approved':
      return {
        waitsFor: 'admin',
        text:
          assignment && assignment.status !== 'offered'
            ? `${assignment.providerOrg.name}'s offer was ${assignment.status}: offer the job to another provider.`
            : 'The customer accepted the quote: offer the job to a provider.',
        action: { label: 'Assign a provider', href: assignmentsOf(order.id) },
      };
    case 'assigned':
      if (assignment?.status === 'offered') {
        return {
          waitsFor: 'provider',
          text: `Offered to ${assignment.providerOrg.name}, who answers by ${formatDateTime(assignment.respondBy)}.`,
          action: { label: 'See the offer', href: assignmentsOf(order.id) },
        };
      }
      if (assignment?.status === 'accepted' && proposed) {
        return {
          waitsFor: 'admin',
          text: `${assignment.providerOrg.name} proposed capture windows: the customer picks one, or confirm it yourself.`,
          action: { label: 'Confirm schedule', href: assignmentsOf(order.id) },
        };
      }
      return {
        waitsFor: 'provider',
        text: `${assignment?.providerOrg.name ?? 'The provider'} accepted the job and proposes a capture window next.`,
      };
    case 'scheduled':
      return {
        waitsFor: 'provider',
        text: order.scheduledStart
          ? `Capture from ${formatDateTime(order.scheduledStart)}; the provider can upload from then, unless uploads are opened early.`
          : 'The capture is scheduled.',
      };
    case 'captured':
      return { waitsFor: 'provider', text: 'Captured: the provider uploads the files and marks the order delivered.' };
    case 'delivered':
      return {
        waitsFor: 'customer',
        text: 'Delivered: the customer reviews the files, then approves or requests changes.',
      };
    case 'changes_requested':
      return { waitsFor: 'provider', text: 'The customer asked for changes: the provider delivers again.' };
    case 'completed':
      return { waitsFor: 'nobody', text: 'Completed.' };
    case 'cancelled':
      return { waitsFor: 'nobody', text: 'Cancelled.' };
  }
}
