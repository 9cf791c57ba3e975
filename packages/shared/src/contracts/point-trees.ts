import { z } from 'zod';

/**
 * A point cloud's level-of-detail tree (decision 226), as the portals show it beside the file:
 * "Preparing for streaming: 40 %" while it is built, then the viewer streams it from `url` (the
 * tree's ept.json by signed link). The original file stays the download whatever the state.
 */
export const POINT_TREE_STATES = ['pending', 'converting', 'ready', 'none', 'failed'] as const;

export const ZPointTree = z.object({
  state: z.enum(POINT_TREE_STATES),
  /** Whole per cents done while converting; 100 once ready. */
  percent: z.number().int().min(0).max(100),
  /** The tree's ept.json by signed link, once ready; null before. */
  url: z.string().nullable(),
  /** Why no tree was made, for the provider; null unless failed. */
  error: z.string().nullable(),
});
export type TPointTree = z.infer<typeof ZPointTree>;
