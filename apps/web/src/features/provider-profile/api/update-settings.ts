import { type TUpdateProviderSettingsRequest, ZProviderSettings } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { settingsKey } from './get-settings.ts';

/** PUT /api/provider/settings → the saved settings (the business name only from a provider admin). */
export function updateSettings(settings: TUpdateProviderSettingsRequest) {
  return sendJson('/api/provider/settings', settings, ZProviderSettings, 'PUT');
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
