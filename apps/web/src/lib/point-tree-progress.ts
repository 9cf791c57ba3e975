import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';

/**
 * While a point cloud's streaming tree is built (decision 226), every list that shows its progress
 * reads itself again this often, so the per cent moves and the viewer switches to the tree
 * without a reload. A conversion of a large file takes minutes; the reads are small.
 */
export const TREE_PROGRESS_POLL_MS = 3000;

export const isTreeBuilding = (tree: TPointTree | null | undefined) =>
  tree?.state === 'pending' || tree?.state === 'converting';
