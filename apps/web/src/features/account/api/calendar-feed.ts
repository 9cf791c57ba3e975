import { ZCalendarFeed, ZCalendarFeedCreated } from '@spacecapture/shared/contracts/scheduling';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/api-hooks.ts';
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
  return useRefreshingMutation(calendarFeedKey, {
    mutationFn: () => apiRequest('/api/account/calendar-feed', { method: 'POST', schema: ZCalendarFeedCreated }),
    onSuccess: () => notifySuccess({ title: 'Calendar address made', message: 'Copy it into your calendar app now.' }),
  });
}

/** DELETE → the address stops answering. */
export function useRevokeCalendarFeed() {
  return useRefreshingMutation(calendarFeedKey, {
    mutationFn: () => apiRequest('/api/account/calendar-feed', { method: 'DELETE', schema: ZCalendarFeed }),
    onSuccess: () => notifySuccess({ title: 'Revoked', message: 'The calendar address no longer works.' }),
  });
}
