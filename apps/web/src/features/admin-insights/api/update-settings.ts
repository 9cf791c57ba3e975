import { type TUpdateSettingsRequest, ZSettings } from '@spacecapture/shared/contracts/admin-console/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { insightsKeys } from './insights-keys.ts';

/** PUT /api/admin/settings (all three flags) → the saved settings. */
export function updateSettings(request: TUpdateSettingsRequest) {
  return apiRequest('/api/admin/settings', { method: 'PUT', json: request, schema: ZSettings });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(insightsKeys.settings(), settings),
    // A save writes an audit entry: the audit tab must show it next time.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...insightsKeys.all, 'audit'] }),
  });
}
