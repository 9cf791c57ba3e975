import type { TOrgType } from '@spacecapture/shared/roles';

/** Query keys of admin data that more than one feature reads (the organisation pickers). */
export const adminKeys = {
  organizationOptions: (type: TOrgType) => ['admin', 'organizations', 'options', type] as const,
};
