import { type TPlace, ZPlaceList } from '@spacecapture/shared/contracts/dispatch';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** The shortest text the gazetteer searches (the route's own minimum). */
export const PLACE_QUERY_MIN = 2;

const PLACE_SUGGESTIONS = 8;

/** GET /api/places?q= → the gazetteer's places whose name starts with the text, most populous first (decision 123). */
export async function searchPlaces(query: string, signal?: AbortSignal): Promise<TPlace[]> {
  const params = new URLSearchParams({ q: query, limit: String(PLACE_SUGGESTIONS) });
  const list = await apiRequest(`/api/places?${params}`, { schema: ZPlaceList, ...(signal ? { signal } : {}) });
  return list.items;
}

export function placeSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['places', query.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => searchPlaces(query.trim(), signal),
    // The gazetteer does not change while the app runs.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Places for the text once it is long enough; the previous list stays while the next one loads. */
export function usePlaceSearch(query: string) {
  const enabled = query.trim().length >= PLACE_QUERY_MIN;
  return useQuery({ ...placeSearchQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
