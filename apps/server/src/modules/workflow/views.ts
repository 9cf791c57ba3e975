import type {
  TApplication,
  TAssignment,
  TLead,
  TOrder,
  TQuote,
  TScheduleProposal,
} from '@spacecapture/shared/contracts/admin-workflow';
import type {
  TApplicationStatus,
  TAssignmentStatus,
  TLeadStatus,
  TOrderStatus,
  TQuoteStatus,
} from '@spacecapture/shared/state-machines';
import type { TApplicationRow } from './applications-repository.ts';
import type { TAssignmentRow } from './assignments-repository.ts';
import type { TLeadRow } from './leads-repository.ts';
import type { TJobEventRow, TOrderRow } from './orders-repository.ts';
import type { TQuoteRow } from './quotes-repository.ts';

/** Rows as the API shows them (the contracts in packages/shared/src/contracts/admin-workflow.ts). */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toLeadView(row: TLeadRow, orderId: string | null): TLead {
  return {
    id: row.id,
    status: row.status as TLeadStatus,
    contact: row.contact,
    details: row.details,
    orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApplicationView(row: TApplicationRow): TApplication {
  return {
    id: row.id,
    orgName: row.orgName,
    status: row.status as TApplicationStatus,
    region: row.region,
    contact: {
      firstName: row.contact.first_name,
      lastName: row.contact.last_name,
      email: row.contact.email,
      phone: row.contact.phone,
      website: row.contact.website,
    },
    devicesOwned: row.devicesOwned,
    devicesNotes: row.devicesNotes,
    portfolioLinks: row.portfolioLinks,
    portfolioFile: row.portfolioFile
      ? {
          originalName: row.portfolioFile.originalName,
          contentType: row.portfolioFile.contentType,
          size: row.portfolioFile.size,
        }
      : null,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOrderView(row: TOrderRow, customerOrg: { id: string; name: string }): TOrder {
  return {
    id: row.id,
    title: row.title,
    status: row.status as TOrderStatus,
    location: row.location,
    captureType: row.captureType,
    preferredDates: row.preferredDates ?? null,
    customerOrg,
    leadId: row.leadId,
    scheduledStart: iso(row.scheduledStart),
    scheduledEnd: iso(row.scheduledEnd),
    createdAt: row.createdAt.toISOString(),
  };
}

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

export function toAssignmentView(row: TAssignmentRow, providerOrg: { id: string; name: string }): TAssignment {
  return {
    id: row.id,
    orderId: row.orderId,
    providerOrg,
    status: row.status as TAssignmentStatus,
    accepted: row.accepted,
    respondBy: row.respondBy.toISOString(),
    respondedAt: iso(row.respondedAt),
    scheduledStart: iso(row.scheduledStart),
    scheduledEnd: iso(row.scheduledEnd),
    compensation: row.compensation === null ? null : Number(row.compensation),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toProposalView(event: TJobEventRow): TScheduleProposal | null {
  const { start, end, assignmentId } = event.metadata;
  if (typeof start !== 'string' || typeof end !== 'string') return null;
  if (Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) return null;
  return {
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    assignmentId: typeof assignmentId === 'string' ? assignmentId : null,
    proposedAt: event.createdAt.toISOString(),
  };
}
