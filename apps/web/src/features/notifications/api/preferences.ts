import {
  type TNotificationPreferencesRequest,
  ZNotificationPreferences,
} from '@spacecapture/shared/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointQuery, sendJson } from '../../../lib/api-hooks.ts';
import { notificationKeys } from './notification-keys.ts';

/** GET /api/notifications/preferences → e-mail and in-app per event type of the caller's role. */
export function useNotificationPreferences() {
  return useQuery(
    endpointQuery(notificationKeys.preferences(), '/api/notifications/preferences', ZNotificationPreferences),
  );
}

/** PUT /api/notifications/preferences: saves the matrix. */
export function saveNotificationPreferences(request: TNotificationPreferencesRequest) {
  return sendJson('/api/notifications/preferences', request, ZNotificationPreferences, 'PUT');
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useSaveNotificationPreferences(
  options: { onSuccess?: () => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (data) => {
      queryClient.setQueryData(notificationKeys.preferences(), data);
      options.onSuccess?.();
    },
    onError: (error) => options.onError?.(error),
  });
}
