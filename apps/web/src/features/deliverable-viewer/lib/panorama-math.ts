/**
 * The maths of the 360° viewer. A view direction is yaw (degrees from the image's centre column,
 * positive to the right, -180..180) and pitch (degrees up from the horizon, -90..90), as in the
 * shared viewer pin. In scene space yaw 0 looks down -Z, +X is to the right and +Y is up.
 */
export type TLook = { yaw: number; pitch: number };

const DEG = Math.PI / 180;
/** Pitch stops short of the poles, where yaw stops meaning anything. */
export const MAX_PITCH = 85;
export const MIN_FOV = 30;
export const MAX_FOV = 100;

/** An angle folded into -180..180. */
export function wrapYaw(yaw: number): number {
  const wrapped = ((((yaw + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 ? 180 : wrapped;
}

export function clampPitch(pitch: number, limit = MAX_PITCH): number {
  return Math.min(limit, Math.max(-limit, pitch));
}

export function clampFov(fov: number): number {
  return Math.min(MAX_FOV, Math.max(MIN_FOV, fov));
}

/** The unit vector of a look direction. */
export function directionOf({ yaw, pitch }: TLook): [number, number, number] {
  const cosPitch = Math.cos(pitch * DEG);
  return [cosPitch * Math.sin(yaw * DEG), Math.sin(pitch * DEG), -cosPitch * Math.cos(yaw * DEG)];
}

/** The look direction of a vector (need not be unit length). */
export function lookOf([x, y, z]: readonly [number, number, number]): TLook {
  const length = Math.hypot(x, y, z) || 1;
  const pitch = Math.asin(Math.min(1, Math.max(-1, y / length))) / DEG;
  const yaw = Math.atan2(x, -z) / DEG;
  return { yaw: wrapYaw(yaw), pitch };
}

/**
 * The look after dragging the image by (dx, dy) pixels in a view `heightPx` tall showing `fovDegrees`
 * vertically: the image follows the pointer, so dragging right turns the view left.
 */
export function lookAfterDrag(look: TLook, dx: number, dy: number, fovDegrees: number, heightPx: number): TLook {
  const degreesPerPixel = fovDegrees / Math.max(1, heightPx);
  return { yaw: wrapYaw(look.yaw - dx * degreesPerPixel), pitch: clampPitch(look.pitch + dy * degreesPerPixel) };
}

/** The image column (0..1, left to right) a yaw shows: yaw 0 is the centre column. */
export function columnOfYaw(yaw: number): number {
  return (wrapYaw(yaw) + 180) / 360;
}
