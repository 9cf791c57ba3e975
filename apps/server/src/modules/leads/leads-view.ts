import type { TLead } from '@spacecapture/shared/contracts/admin-workflow';
import type { TLeadStatus } from '@spacecapture/shared/state-machines';
import type { TLeadRow } from './leads-repository.ts';

/** Rows as the API shows them (the contracts in packages/shared/src/contracts/admin-workflow.ts). */

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
