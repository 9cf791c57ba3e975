import type { TOrder, TScheduleProposal } from '@spacecapture/shared/contracts/admin-workflow';
import type { TOrderStatus } from '@spacecapture/shared/state-machines';
import { iso } from '../../lib/iso.ts';
import type { TJobEventRow, TOrderRow } from './orders-repository.ts';

/** Rows as the API shows them (the contracts in packages/shared/src/contracts/admin-workflow.ts). */

export function toOrderView(row: TOrderRow, customerOrg: { id: string; name: string }): TOrder {
  return {
    id: row.id,
    title: row.title,
    status: row.status as TOrderStatus,
    location: row.location,
    captureType: row.captureType,
    preferredDates: row.preferredDates ?? null,
    customerOrg,
    currency: row.currency,
    leadId: row.leadId,
    request: row.requestDetails ?? null,
    scheduledStart: iso(row.scheduledStart),
    scheduledEnd: iso(row.scheduledEnd),
    place: row.place ?? null,
    preferredWindows: row.preferredWindows ?? [],
    accessNotes: row.accessNotes ?? null,
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
