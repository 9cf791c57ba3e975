import { type TShareLink, ZShareLink } from '@spacecapture/shared/contracts/share-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { shareLinkKeys } from './share-link-keys.ts';

/** POST /api/customer/share-links/:id/revoke: the link stops opening the files at once. */
export function revokeShareLink(id: string) {
  return apiRequest(`/api/customer/share-links/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    json: {},
    schema: ZShareLink,
  });
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useRevokeShareLink(orderId: string, options: { onSuccess?: (data: TShareLink) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: (data) => options.onSuccess?.(data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinkKeys.ofOrder(orderId) }),
  });
}
