import type { TDatabase } from '@spacecapture/db/client';
import { AppError } from '@spacecapture/shared/errors';
import { findDeliverable } from '../deliverables/deliverables-repository.ts';
import { readerTokenParts, signedKeyOf, type TSharesFileCheck } from '../storage/download-links.ts';
import type { TThumbnailLinks } from './thumbnail-links.ts';

/** Reading thumbnails back through their signed links (decision 138). */
export function createThumbnailsService(deps: {
  db: TDatabase;
  links: TThumbnailLinks;
  /** The share-links module's answer for a share page's link. */
  sharesFile: TSharesFileCheck;
}) {
  const { db, links } = deps;
  return {
    urlOf: links.urlOf,
    /**
     * The thumbnail a token names and the seconds its link has left: 403 for a link that is
     * expired or tampered with, or given by a share page whose share no longer shows the file;
     * 404 for a path that is not shaped like one.
     */
    async resolve(token: string, now: Date) {
      const { shareLinkId, signed } = readerTokenParts(links.signer, token);
      const claims = links.signer.read(signed);
      if (!claims) throw new AppError('not_found', 'Thumbnail not found.');
      const row = await findDeliverable(db, claims.deliverableId);
      const refused = new AppError('forbidden', 'This thumbnail link is not valid or has expired.');
      if (!row?.thumbnailKey || !links.signer.verify(claims, signedKeyOf(row.thumbnailKey, shareLinkId))) throw refused;
      const secondsLeft = claims.expiresAt - Math.floor(now.getTime() / 1000);
      if (secondsLeft <= 0) throw refused;
      if (shareLinkId !== null && !(await deps.sharesFile(shareLinkId, row, now))) throw refused;
      return { key: row.thumbnailKey, secondsLeft };
    },
  };
}

export type TThumbnailsService = ReturnType<typeof createThumbnailsService>;
