/** A point in the model's own coordinates. */
export type TPoint3 = { x: number; y: number; z: number };

/** The straight distance between two picked points, in the model's units. */
export function distanceBetween(a: TPoint3, b: TPoint3): number {
  return Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
}

/** A distance as shown to the reader: three significant decimals for small models, fewer for large. */
export function formatDistance(distance: number): string {
  const decimals = distance >= 100 ? 1 : distance >= 1 ? 3 : 4;
  return `${distance.toFixed(decimals)} units`;
}

/**
 * The camera distance that shows a sphere of `radius` whole in a perspective camera of vertical
 * field `fovDegrees` and `aspect` (width / height), with a small margin.
 */
export function fitDistance(radius: number, fovDegrees: number, aspect: number): number {
  const vertical = (fovDegrees * Math.PI) / 180;
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * aspect);
  const narrowest = Math.min(vertical, horizontal);
  return (Math.max(radius, 1e-6) / Math.sin(narrowest / 2)) * 1.1;
}
