import type { TCertification, TDevice } from '@spacecapture/shared/contracts/provider-portal';
import type { TCertificationRow, TDeviceRow } from './providers-repository.ts';

export function toDevice(row: TDeviceRow): TDevice {
  return {
    id: row.id,
    model: row.model as TDevice['model'],
    serial: row.serial,
    capabilities: row.capabilities,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCertification(row: TCertificationRow): TCertification {
  return {
    id: row.id,
    orgId: row.orgId,
    scope: row.scope,
    status: row.status as TCertification['status'],
    regions: row.regions,
    expiry: row.expiry ? row.expiry.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
