import type { TDatabase } from '@spacecapture/db/client';
import { POINT_TREE_STATES, type TPointTree } from '@spacecapture/shared/contracts/point-trees';
import { AppError } from '@spacecapture/shared/errors';
import { findDeliverable } from '../deliverables/deliverables-repository.ts';
import {
  readerTokenOf,
  readerTokenParts,
  signedKeyOf,
  type TLinkSigner,
  type TSharesFileCheck,
} from '../storage/download-links.ts';

/**
 * Signed links to a point cloud's tree (decision 226), served by GET /api/point-trees/:token/<file>.
 * The link is handed out only with a file list its reader may see (the customer's order, the
 * provider's uploads), so it follows the deliverable's access rules; one token opens every file of
 * one tree, since the viewer asks for hundreds of them. Its signature covers the tree's storage
 * folder, so it never opens the original or another tree. Like a thumbnail's, its expiry is
 * rounded to the hour so the browser's cache answers repeated visits, and it lasts at least one
 * more hour, enough for a viewing session. A share page's link names its share link and ends with it (readerTokenOf in download-links.ts).
 */

export const POINT_TREES_PATH = '/api/point-trees';
const HOUR_SECONDS = 3600;

/** The files of an EPT tree by their names: anything else is not part of one. */
const TREE_FILE =
  /^(ept\.json|ept-hierarchy\/\d{1,2}-\d{1,7}-\d{1,7}-\d{1,7}\.json|ept-data\/\d{1,2}-\d{1,7}-\d{1,7}-\d{1,7}\.bin)$/;

type TTreeOf = {
  id: string;
  treeState: string;
  treePercent: number;
  treeKey: string | null;
  treeError: string | null;
};

export function createPointTreeLinks(signer: TLinkSigner) {
  return {
    signer,
    /**
     * What the portals show of a file's tree: its state, progress, link and error. A share page
     * passes its share link's id, which the link then names.
     */
    viewOf(row: TTreeOf, now: Date, shareLinkId: string | null = null): TPointTree {
      const state = POINT_TREE_STATES.find((known) => known === row.treeState);
      if (!state) throw new Error(`Unknown point tree state ${row.treeState}`);
      let url: string | null = null;
      if (state === 'ready' && row.treeKey) {
        const nowSeconds = Math.floor(now.getTime() / 1000);
        const expiresAt = (Math.floor(nowSeconds / HOUR_SECONDS) + 2) * HOUR_SECONDS;
        const signed = signer.sign(row.id, signedKeyOf(row.treeKey, shareLinkId), expiresAt);
        url = `${POINT_TREES_PATH}/${readerTokenOf(signed, shareLinkId)}/ept.json`;
      }
      return {
        state,
        percent: state === 'ready' ? 100 : row.treePercent,
        url,
        error: state === 'failed' ? row.treeError : null,
      };
    },
  };
}
export type TPointTreeLinks = ReturnType<typeof createPointTreeLinks>;

/** Reading trees back through their signed links. */
export function createPointTreesService(deps: {
  db: TDatabase;
  links: TPointTreeLinks;
  /** The share-links module's answer for a share page's link (decision 245, amended). */
  sharesFile: TSharesFileCheck;
}) {
  const { db, links } = deps;
  return {
    viewOf: links.viewOf,
    /**
     * The storage key of a tree's file a token and name ask for, and the seconds the link has
     * left: 404 for a name no tree has or a token not shaped like one, 403 for a link that is
     * expired or tampered with, or given by a share page whose share no longer shows the file.
     */
    async resolve(token: string, name: string, now: Date) {
      const { shareLinkId, signed } = readerTokenParts(links.signer, token);
      const claims = links.signer.read(signed);
      if (!claims || !TREE_FILE.test(name)) throw new AppError('not_found', 'Point cloud file not found.');
      const row = await findDeliverable(db, claims.deliverableId);
      const refused = new AppError('forbidden', 'This point cloud link is not valid or has expired.');
      if (!row?.treeKey || row.treeState !== 'ready') throw refused;
      if (!links.signer.verify(claims, signedKeyOf(row.treeKey, shareLinkId))) throw refused;
      const secondsLeft = claims.expiresAt - Math.floor(now.getTime() / 1000);
      if (secondsLeft <= 0) throw refused;
      if (shareLinkId !== null && !(await deps.sharesFile(shareLinkId, row, now))) throw refused;
      return { key: `${row.treeKey}/${name}`, secondsLeft };
    },
  };
}
export type TPointTreesService = ReturnType<typeof createPointTreesService>;
