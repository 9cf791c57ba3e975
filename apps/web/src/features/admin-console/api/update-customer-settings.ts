import {
  CUSTOMER_SETTINGS_MESSAGES,
  type TUpdateCustomerSettingsRequest,
  ZAdminCustomerDetail,
} from '@spacecapture/shared/contracts/admin-console/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { consoleKeys } from './console-keys.ts';

/** PATCH /api/admin/customers/:id { currency, unitSystem } → the organisation with its new settings (decision 203). */
export function updateCustomerSettings(input: { id: string } & TUpdateCustomerSettingsRequest) {
  const { id, ...body } = input;
  return sendJson(`/api/admin/customers/${encodeURIComponent(id)}`, body, ZAdminCustomerDetail, 'PATCH');
}

export function useUpdateCustomerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerSettings,
    onSuccess: (detail) => {
      notifySuccess(CUSTOMER_SETTINGS_MESSAGES.saved);
      queryClient.setQueryData(consoleKeys.customer(detail.customer.id), detail);
      return queryClient.invalidateQueries({ queryKey: consoleKeys.customers() });
    },
  });
}
