import { ZShareLinkList } from '@spacecapture/shared/contracts/share-links';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { shareLinkKeys, shareLinksPathOf, type TShareSubject } from './share-link-keys.ts';

/** GET /api/customer/{orders/:id|properties/:propertyId}/share-links → the links, newest first, with views. */
export function shareLinksQueryOptions(subject: TShareSubject) {
  return endpointQuery(shareLinkKeys.of(subject), shareLinksPathOf(subject), ZShareLinkList);
}

export function useShareLinks(subject: TShareSubject) {
  return useQuery(shareLinksQueryOptions(subject));
}
