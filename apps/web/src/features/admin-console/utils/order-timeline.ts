import type { TAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import { CHECK_STATE_LABELS } from '@spacecapture/shared/contracts/quality-checks';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { formatDateTime, formatDateTimeRange, formatMoney } from '@spacecapture/shared/format';
import { deliverableViewerPath } from '@spacecapture/shared/portal-paths';
import { humanize } from './format.ts';

type TJobEvent = TAdminOrderDetail['jobEvents'][number];

export type TTimelineKind = 'event' | 'quote' | 'assignment' | 'deliverable' | 'rating';

/** One line of an order's history: what happened, when, and the facts that go with it. */
export type TTimelineEntry = {
  key: string;
  kind: TTimelineKind;
  at: string;
  title: string;
  /** A status shown as a badge (quotes and offers). */
  status: string | null;
  details: string[];
  by: string | null;
  /** A deliverable's file, shown with its thumbnail or type icon and a point cloud's streaming tree. */
  file?: { fileName: string; thumbnailUrl: string | null; pointTree: TPointTree };
  /** A deliverable's viewer page. */
  viewPath?: string;
  /** A file whose quality check failed and was not let through: an admin may override it. */
  failedCheck?: {
    id: string;
    fileName: string;
    failures: TAdminOrderDetail['deliverables'][number]['check']['failures'];
  };
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

function windowText(start: unknown, end: unknown): string | null {
  const from = text(start);
  const to = text(end);
  return from && to ? formatDateTimeRange(from, to) : null;
}

/** Provider organisations named in the history, by id, so events can say who. */
function providerNames(detail: TAdminOrderDetail) {
  const names = new Map<string, string>();
  for (const assignment of detail.assignments) {
    names.set(assignment.providerOrg.id, assignment.providerOrg.name);
    names.set(assignment.id, assignment.providerOrg.name);
  }
  return names;
}

/**
 * A job event in words (spec 001 §4 types: status_change, provider_accept, provider_decline, deadline,
 * file_uploaded; and uploads_opened_early, decision 109).
 */
export function describeJobEvent(
  event: Pick<TJobEvent, 'type' | 'metadata'>,
  names: ReadonlyMap<string, string> = new Map(),
): { title: string; details: string[] } {
  const meta = event.metadata;
  const provider =
    names.get(text(meta.providerOrgId) ?? '') ?? names.get(text(meta.assignmentId) ?? '') ?? 'The provider';
  switch (event.type) {
    case 'status_change': {
      const from = text(meta.from);
      const to = text(meta.to) ?? 'unknown';
      const reason = text(meta.reason);
      if (!from)
        return {
          title: meta.leadId ? 'Order created from a lead' : 'Order created',
          details: [`Status: ${humanize(to)}`],
        };
      if (to === 'cancelled') return { title: 'Order cancelled', details: reason ? [`Reason: ${reason}`] : [] };
      if (to === 'completed') {
        // Ends of the delivery review (decision 133).
        const reviewTitles: Record<string, string> = {
          approved: 'Delivery approved by the customer',
          approved_on_behalf: 'Delivery approved on the customer’s behalf',
          auto_approved: 'Delivery approved automatically',
          closed: 'Review closed: order completed',
        };
        const review = reviewTitles[text(meta.review) ?? ''];
        if (review) return { title: review, details: reason ? [`Reason: ${reason}`] : [] };
        if (meta.beforeDelivery === true) {
          return { title: 'Order completed before delivery', details: reason ? [`Reason: ${reason}`] : [] };
        }
        return { title: 'Order completed', details: reason ? [`Reason: ${reason}`] : [] };
      }
      if (to === 'scheduled') {
        const window = windowText(meta.start, meta.end);
        return { title: 'Schedule confirmed', details: window ? [`Window: ${window}`] : [] };
      }
      if (to === 'assigned') {
        return { title: from === 'assigned' ? `Re-assigned to ${provider}` : `Assigned to ${provider}`, details: [] };
      }
      if (reason === 'offer_declined') return { title: `Offer declined: back to ${humanize(to)}`, details: [] };
      if (reason === 'offer_expired') return { title: `Offer expired: back to ${humanize(to)}`, details: [] };
      if (to === 'quoted' && meta.quoteId) return { title: 'Quote sent: order quoted', details: [] };
      if (to === 'approved' && meta.quoteId) return { title: 'Quote accepted: order approved', details: [] };
      if (to === 'captured') return { title: 'Capture recorded', details: [] };
      if (to === 'changes_requested') {
        const comments = typeof meta.comments === 'number' ? meta.comments : 0;
        return {
          title: `Changes requested (round ${String(meta.round ?? 1)})`,
          details: [`${comments} comment${comments === 1 ? '' : 's'}`],
        };
      }
      if (to === 'delivered' && from === 'changes_requested') {
        return { title: `Order re-delivered (round ${String(meta.round ?? '')})`, details: [] };
      }
      if (to === 'delivered') return { title: 'Order delivered', details: [] };
      return { title: `Status changed from ${humanize(from)} to ${humanize(to)}`, details: [] };
    }
    case 'provider_accept':
      return { title: `${provider} accepted the job`, details: [] };
    case 'provider_decline':
      return { title: `${provider} declined the job`, details: [] };
    case 'deadline': {
      const window = windowText(meta.start, meta.end);
      return { title: `${provider} proposed a window`, details: window ? [`Window: ${window}`] : [] };
    }
    case 'uploads_opened_early': {
      const reason = text(meta.reason);
      const windowStart = text(meta.windowStart);
      return {
        title: 'Uploads opened before the capture window',
        details: [
          ...(reason ? [`Reason: ${reason}`] : []),
          ...(windowStart ? [`Window starts ${formatDateTime(windowStart)}`] : []),
        ],
      };
    }
    case 'file_uploaded': {
      const name = text(meta.fileName);
      const version = typeof meta.version === 'number' && meta.version > 1 ? [`Version ${meta.version}`] : [];
      return { title: name ? `File uploaded: ${name}` : 'File uploaded', details: version };
    }
    case 'file_removed': {
      const name = text(meta.fileName);
      const replacedBy = meta.replacedBy as { fileName?: unknown } | undefined;
      const by = replacedBy ? text(replacedBy.fileName) : null;
      return {
        title: by ? `File replaced: ${name ?? 'a file'}` : name ? `File removed: ${name}` : 'File removed',
        details: by ? [`Replaced by ${by}`] : [],
      };
    }
    default: {
      const label = humanize(event.type);
      return { title: label.charAt(0).toUpperCase() + label.slice(1), details: [] };
    }
  }
}

function by(actor: { email: string | null; name: string | null } | null) {
  return actor ? (actor.name ?? actor.email) : null;
}

/** The order's whole history as one list, newest first: job events, quotes, offers, deliverables and ratings. */
export function buildOrderTimeline(detail: TAdminOrderDetail): TTimelineEntry[] {
  const names = providerNames(detail);
  const entries: TTimelineEntry[] = [
    ...detail.jobEvents.map((event): TTimelineEntry => {
      const described = describeJobEvent(event, names);
      return {
        key: `event-${event.id}`,
        kind: 'event',
        at: event.createdAt,
        status: null,
        by: by(event.actor),
        ...described,
      };
    }),
    ...detail.quotes.map(
      (quote): TTimelineEntry => ({
        key: `quote-${quote.id}`,
        kind: 'quote',
        at: quote.createdAt,
        title: `Quote of ${formatMoney(quote.total, quote.currency)}`,
        status: quote.status,
        by: null,
        details: [
          quote.priceBreakdown.items
            .map((item) => `${item.label} ${formatMoney(item.amount, quote.currency)}`)
            .join(' · '),
          ...(quote.sla ? [quote.sla] : []),
          ...(quote.sentAt ? [`Sent ${formatDateTime(quote.sentAt)}`] : []),
          ...(quote.respondedAt ? [`Answered ${formatDateTime(quote.respondedAt)}`] : []),
          ...(quote.validityUntil ? [`Valid until ${formatDateTime(quote.validityUntil)}`] : []),
        ],
      }),
    ),
    ...detail.assignments.map((assignment): TTimelineEntry => {
      const window = windowText(assignment.scheduledStart, assignment.scheduledEnd);
      return {
        key: `assignment-${assignment.id}`,
        kind: 'assignment',
        at: assignment.createdAt,
        title: `Offered to ${assignment.providerOrg.name}`,
        status: assignment.status,
        by: null,
        details: [
          `Respond by ${formatDateTime(assignment.respondBy)}`,
          ...(assignment.respondedAt ? [`Answered ${formatDateTime(assignment.respondedAt)}`] : []),
          ...(window ? [`Window: ${window}`] : []),
          ...(assignment.compensation !== null
            ? [`Compensation ${formatMoney(assignment.compensation, assignment.currency)}`]
            : []),
        ],
      };
    }),
    ...detail.deliverables.map(
      (deliverable): TTimelineEntry => ({
        key: `deliverable-${deliverable.id}`,
        kind: 'deliverable',
        at: deliverable.deliveredAt,
        title: `Deliverable: ${deliverable.fileName} (${formatFileSize(deliverable.size)})`,
        status: null,
        by: by(deliverable.uploadedBy),
        // The file's quality check (decision 236): its state, what failed, and an admin's override.
        details: [
          CHECK_STATE_LABELS[deliverable.check.state],
          ...deliverable.check.failures.map((failure) => failure.message),
          ...(deliverable.check.override ? [`Let through by an admin: ${deliverable.check.override.reason}`] : []),
        ],
        file: {
          fileName: deliverable.fileName,
          thumbnailUrl: deliverable.thumbnailUrl,
          pointTree: deliverable.pointTree,
        },
        viewPath: deliverableViewerPath('admin', detail.order.id, deliverable.id),
        ...(deliverable.check.state === 'failed' && !deliverable.check.override
          ? {
              failedCheck: { id: deliverable.id, fileName: deliverable.fileName, failures: deliverable.check.failures },
            }
          : {}),
      }),
    ),
    ...detail.ratings.map(
      (rating): TTimelineEntry => ({
        key: `rating-${rating.id}`,
        kind: 'rating',
        at: rating.createdAt,
        title: `Rated ${rating.score}/5 for ${rating.providerOrg.name}`,
        status: null,
        by: null,
        details: rating.comment ? [rating.comment] : [],
      }),
    ),
  ];
  // Newest first; the sort is stable, so entries at the same instant keep the server's order.
  return entries.sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
}
