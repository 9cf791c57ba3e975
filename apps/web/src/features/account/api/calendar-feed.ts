import { ZCalendarFeed, ZCalendarFeedCreated } from '@spacecapture/shared/contracts/scheduling';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';

const calendarFeedKey = ['account', 'calendar-feed'] as const;

/** GET /api/account/calendar-feed → whether a calendar address exists (its address is shown only when made). */
export function getCalendarFeed(signal?: AbortSignal) {
  return apiRequest('/api/account/calendar-feed', { schema: ZCalendarFeed, ...(signal ? { signal } : {}) });
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: calendarFeedKey, queryFn: ({ signal }) => getCalendarFeed(signal), enabled }),
  );
}

/** POST → a new secret address (the previous one stops working). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/account/calendar-feed', { method: 'POST', schema: ZCalendarFeedCreated }),
    onSuccess: () => notifySuccess({ title: 'Calendar address made', message: 'Copy it into your calendar app now.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}

/** DELETE → the address stops answering. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/account/calendar-feed', { method: 'DELETE', schema: ZCalendarFeed }),
    onSuccess: () => notifySuccess({ title: 'Revoked', message: 'The calendar address no longer works.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
