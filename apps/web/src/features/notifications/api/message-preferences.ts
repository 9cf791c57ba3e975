import {
  type TMessagePreferences,
  type TMessagePreferencesRequest,
  ZMessagePreferences,
} from '@spacecapture/shared/contracts/conversations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointQuery, sendJson } from '../../../lib/api-hooks.ts';
import { notificationKeys } from './notification-keys.ts';

/** GET /api/account/message-preferences → whether the caller is e-mailed digests of new messages. */
export function useMessagePreferences() {
  return useQuery(
    endpointQuery(notificationKeys.messageDigests(), '/api/account/message-preferences', ZMessagePreferences),
  );
}

/** PUT /api/account/message-preferences: digests on or off. */
export function saveMessagePreferences(request: TMessagePreferencesRequest) {
  return sendJson('/api/account/message-preferences', request, ZMessagePreferences, 'PUT');
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useSaveMessagePreferences(
  options: { onSuccess?: (saved: TMessagePreferences) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessagePreferences,
    onSuccess: (data) => {
      queryClient.setQueryData(notificationKeys.messageDigests(), data);
      options.onSuccess?.(data);
    },
    onError: (error) => options.onError?.(error),
  });
}
