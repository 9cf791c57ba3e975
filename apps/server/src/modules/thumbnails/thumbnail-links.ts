import { readerTokenOf, signedKeyOf, type TLinkSigner } from '../storage/download-links.ts';

/**
 * Signed links to thumbnails (decision 138), served by GET /api/thumbnails/:token. A link's expiry
 * is rounded up to the next whole hour and lasts at least one more, so a list re-rendered within
 * the hour asks for the same URL and the browser's cache answers. The signature covers the
 * thumbnail's storage key, so a thumbnail token never opens the file itself. A share page's link
 * names its share link and ends with it (readerTokenOf in download-links.ts).
 */

export const THUMBNAILS_PATH = '/api/thumbnails';
const HOUR_SECONDS = 3600;

type TThumbnailOf = { id: string; thumbnailState: string; thumbnailKey: string | null };

export function createThumbnailLinks(signer: TLinkSigner) {
  return {
    signer,
    /**
     * The thumbnail's URL, or null while there is none (the list shows the type icon). A share
     * page passes its share link's id, which the link then names.
     */
    urlOf(row: TThumbnailOf, now: Date, shareLinkId: string | null = null): string | null {
      if (row.thumbnailState !== 'ready' || !row.thumbnailKey) return null;
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const expiresAt = (Math.floor(nowSeconds / HOUR_SECONDS) + 2) * HOUR_SECONDS;
      const signed = signer.sign(row.id, signedKeyOf(row.thumbnailKey, shareLinkId), expiresAt);
      return `${THUMBNAILS_PATH}/${readerTokenOf(signed, shareLinkId)}`;
    },
  };
}

export type TThumbnailLinks = ReturnType<typeof createThumbnailLinks>;
