import {
  infiniteQueryOptions,
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client.ts';

/**
 * The query options of one GET endpoint (CONVENTIONS #6): its key, and the request parsed with the
 * endpoint's schema, cancelled when the query is.
 */
export function endpointQuery<TData, TKey extends QueryKey>(queryKey: TKey, path: string, schema: z.ZodType<TData>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => apiRequest(path, { schema, signal }) });
}

/**
 * The query options of a list read page by page: `pathOf(cursor)` is a page's address (the first
 * page has no cursor), and each page names the next one (`nextCursor`, null after the last).
 */
export function pagedQuery<TPage extends { nextCursor: string | null }, TKey extends QueryKey>(
  queryKey: TKey,
  schema: z.ZodType<TPage>,
  pathOf: (cursor: string | null) => string,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiRequest(pathOf(pageParam), { schema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** A page's address: `path` with these parameters in their order (undefined ones left out), then the cursor. */
export function pagePath(
  path: string,
  params: Record<string, string | undefined> | URLSearchParams,
  cursor: string | null,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of params instanceof URLSearchParams ? params : Object.entries(params)) {
    if (value !== undefined) query.append(name, value);
  }
  if (cursor) query.set('cursor', cursor);
  return `${path}?${query}`;
}

/**
 * A mutation hook's own `onSuccess` (decision 097): given to `useMutation`, it runs even when the
 * success unmounts the component that started it.
 */
export type TMutationHookOptions<TMutate extends (variables: never) => Promise<unknown>> = {
  onSuccess?: (data: Awaited<ReturnType<TMutate>>, variables: Parameters<TMutate>[0]) => void;
};

/** A request that sends `json` (POST unless `method` says otherwise) and parses the answer with `schema`. */
export function sendJson<T>(
  path: string,
  json: unknown,
  schema: z.ZodType<T>,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST',
) {
  return apiRequest(path, { method, json, schema });
}

/**
 * A mutation that refreshes what is cached under `refreshes` once it settles, answered or refused
 * (a refusal may mean the record changed meanwhile); it settles when the refresh is done.
 */
export function useRefreshingMutation<TData, TVariables>(
  refreshes: QueryKey,
  options: UseMutationOptions<TData, Error, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({ ...options, onSettled: () => queryClient.invalidateQueries({ queryKey: refreshes }) });
}
