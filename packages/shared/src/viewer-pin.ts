import { z } from 'zod';

/**
 * A point a reviewer picked in a deliverable's viewer, to pin a change-request comment to it.
 * In a 3D model or point cloud: a position in the file's own coordinates (its units, not the
 * scene's after fitting). In a 360° panorama: a direction from the camera, in degrees: yaw from
 * the image's centre column, positive to the right (-180..180), pitch up from the horizon (-90..90).
 */
const coordinate = z.number().finite();

export const viewerPinSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('model'), x: coordinate, y: coordinate, z: coordinate }).strict(),
  z
    .object({ kind: z.literal('panorama'), yaw: z.number().min(-180).max(180), pitch: z.number().min(-90).max(90) })
    .strict(),
]);

export type TViewerPin = z.infer<typeof viewerPinSchema>;
