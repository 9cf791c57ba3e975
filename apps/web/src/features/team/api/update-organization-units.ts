import { UNIT_SYSTEM_SAVED, ZCustomerOrganization } from '@spacecapture/shared/contracts/customer-portal';
import type { TUnitSystem } from '@spacecapture/shared/units';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';
import { notifySuccess } from '../../../lib/notify.ts';

/** PATCH /api/customer/organization { unitSystem } → the organisation as its members see it (decision 203). */
export function updateOrganizationUnits(unitSystem: TUnitSystem) {
  return sendJson('/api/customer/organization', { unitSystem }, ZCustomerOrganization, 'PATCH');
}

export function useUpdateOrganizationUnits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationUnits,
    onSuccess: () => {
      notifySuccess(UNIT_SYSTEM_SAVED);
      // The profile carries the unit system every form and page reads.
      return queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
}
