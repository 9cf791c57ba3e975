import { type TUpdateProviderSettingsRequest, ZProviderSettings } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsKey } from './get-settings.ts';

/** PUT /api/provider/settings → the saved settings (the business name only from a provider admin). */
export function updateSettings(settings: TUpdateProviderSettingsRequest) {
  return apiRequest('/api/provider/settings', { method: 'PUT', json: settings, schema: ZProviderSettings });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
