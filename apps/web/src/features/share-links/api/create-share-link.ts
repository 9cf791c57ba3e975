import {
  type TCreatedShareLink,
  type TCreateShareLinkRequest,
  ZCreatedShareLink,
} from '@spacecapture/shared/contracts/share-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { shareLinkKeys } from './share-link-keys.ts';

/** POST /api/customer/orders/:id/share-links: the answer holds the link, shown only this once. */
export function createShareLink(orderId: string, request: TCreateShareLinkRequest) {
  return apiRequest(`/api/customer/orders/${encodeURIComponent(orderId)}/share-links`, {
    method: 'POST',
    json: request,
    schema: ZCreatedShareLink,
  });
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useCreateShareLink(orderId: string, options: { onSuccess?: (data: TCreatedShareLink) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateShareLinkRequest) => createShareLink(orderId, request),
    onSuccess: (data) => options.onSuccess?.(data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinkKeys.ofOrder(orderId) }),
  });
}
