import {
  type TShareLink,
  type TShareLinkPresentation,
  type TUpdateShareLinkRequest,
  ZShareLink,
} from '@spacecapture/shared/contracts/share-links';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { shareLinkKeys, type TShareSubject } from './share-link-keys.ts';

/** PATCH /api/customer/share-links/:id: its page (decision 223) and the sites its embed may be framed on (decision 224). */
export function updateShareLink(id: string, change: TUpdateShareLinkRequest) {
  return sendJson(`/api/customer/share-links/${encodeURIComponent(id)}`, change, ZShareLink, 'PATCH');
}

export function useUpdateShareLink(subject: TShareSubject) {
  return useRefreshingMutation(shareLinkKeys.of(subject), {
    mutationFn: ({ id, change }: { id: string; change: TUpdateShareLinkRequest }) => updateShareLink(id, change),
  });
}

export function useUpdateShareLinkPresentation(
  subject: TShareSubject,
  options: { onSuccess?: (data: TShareLink) => void } = {},
) {
  return useRefreshingMutation(shareLinkKeys.of(subject), {
    mutationFn: ({ id, presentation }: { id: string; presentation: TShareLinkPresentation }) =>
      updateShareLink(id, { presentation }),
    onSuccess: (data) => options.onSuccess?.(data),
  });
}
