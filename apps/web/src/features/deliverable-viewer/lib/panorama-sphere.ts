import { Mesh, MeshBasicMaterial, SphereGeometry, type Texture } from 'three';

/**
 * The sphere an equirectangular image is drawn inside: seen from its centre, unmirrored, and
 * turned so the image's centre column lies at yaw 0 (straight down -Z) and its columns run to the
 * right with growing yaw, as `directionOf` and the shared viewer pin count them.
 */
export function createPanoramaSphere(radius: number, texture: Texture | null) {
  const geometry = new SphereGeometry(radius, 64, 32);
  geometry.scale(-1, 1, 1);
  const sphere = new Mesh(geometry, new MeshBasicMaterial({ map: texture }));
  sphere.rotation.y = -Math.PI / 2;
  sphere.updateMatrixWorld();
  return sphere;
}
