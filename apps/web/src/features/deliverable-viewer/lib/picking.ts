import { type Camera, type Object3D, Raycaster, Vector2 } from 'three';
import type { TPoint3 } from './measure.ts';
import { lookOf, type TLook } from './panorama-math.ts';

/** Normalised device coordinates of a position in a canvas of the given size. */
function toDevice(x: number, y: number, width: number, height: number) {
  return new Vector2((x / width) * 2 - 1, -(y / height) * 2 + 1);
}

/** The nearest point of the model under a canvas position, in the model's own coordinates, or null. */
export function pickModelPoint(
  model: Object3D,
  camera: Camera,
  x: number,
  y: number,
  width: number,
  height: number,
): TPoint3 | null {
  const raycaster = new Raycaster();
  raycaster.setFromCamera(toDevice(x, y, width, height), camera);
  const [hit] = raycaster.intersectObject(model, true);
  return hit ? { x: hit.point.x, y: hit.point.y, z: hit.point.z } : null;
}

/** The look direction (yaw, pitch) under a canvas position, for a camera at the panorama's centre. */
export function pickPanoramaLook(camera: Camera, x: number, y: number, width: number, height: number): TLook {
  const raycaster = new Raycaster();
  raycaster.setFromCamera(toDevice(x, y, width, height), camera);
  const { x: dx, y: dy, z: dz } = raycaster.ray.direction;
  return lookOf([dx, dy, dz]);
}
