import type { TAssignment } from '@spacecapture/shared/contracts/admin-workflow';
import type { TAssignmentStatus } from '@spacecapture/shared/state-machines';
import { iso } from '../../lib/iso.ts';
import type { TAssignmentRow } from './assignments-repository.ts';

/** Rows as the API shows them (the contracts in packages/shared/src/contracts/admin-workflow.ts). */

/** `currency` is the order's: compensation is paid in it (decision 203). */
export function toAssignmentView(
  row: TAssignmentRow,
  providerOrg: { id: string; name: string },
  currency: string,
): TAssignment {
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
    currency,
    createdAt: row.createdAt.toISOString(),
  };
}
