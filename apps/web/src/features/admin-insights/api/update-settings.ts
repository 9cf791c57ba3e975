import { type TUpdateSettingsRequest, ZSettings } from '@spacecapture/shared/contracts/admin-console/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { insightsKeys } from './insights-keys.ts';

/** PUT /api/admin/settings (all three flags) → the saved settings. */
export function updateSettings(request: TUpdateSettingsRequest) {
  return sendJson('/api/admin/settings', request, ZSettings, 'PUT');
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useUpdateSettings(
  options: { onSuccess?: (settings: Awaited<ReturnType<typeof updateSettings>>) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(insightsKeys.settings(), settings);
      options.onSuccess?.(settings);
    },
    // A save writes an audit entry: the audit tab must show it next time.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...insightsKeys.all, 'audit'] }),
  });
}
