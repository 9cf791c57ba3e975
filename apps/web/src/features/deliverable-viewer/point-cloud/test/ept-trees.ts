import { Frustum, Matrix4, PerspectiveCamera } from 'three';
import { buildTree, parseEptInfo, type TEptTree, type TVec3 } from '../ept/ept-tree.ts';
import type { TViewState } from '../ept/select-nodes.ts';

/**
 * A tree shaped as the writer shapes a flat survey (decision 226), for the traversal's tests: a
 * cube of 100 m over a cloud 10 m high, full to depth 2 in X and Y (z = 0 only), 1,000 points a
 * node; and a camera like the scene's, as the page would see it.
 */
export function flatTree(depth = 2, pointsPerNode = 1000): TEptTree {
  const info = parseEptInfo({
    bounds: [0, 0, 0, 100, 100, 100],
    boundsConformed: [0, 0, 0, 100, 100, 10],
    points: 0,
    dataType: 'binary',
    schema: [
      { name: 'X', type: 'signed', size: 4, scale: 0.001, offset: 0 },
      { name: 'Y', type: 'signed', size: 4, scale: 0.001, offset: 0 },
      { name: 'Z', type: 'signed', size: 4, scale: 0.001, offset: 0 },
    ],
  });
  const hierarchy: Record<string, number> = {};
  for (let level = 0; level <= depth; level += 1) {
    const side = 2 ** level;
    for (let x = 0; x < side; x += 1)
      for (let y = 0; y < side; y += 1) hierarchy[`${level}-${x}-${y}-0`] = pointsPerNode;
  }
  return buildTree(info, hierarchy);
}

/** The view of a camera at `eye` looking at `target` (Z up) on a canvas `height` pixels high. */
export function viewFrom(eye: TVec3, target: TVec3, height = 480, aspect = 1280 / 480): TViewState {
  const camera = new PerspectiveCamera(50, aspect, 0.01, 10_000);
  camera.up.set(0, 0, 1);
  camera.position.set(...eye);
  camera.lookAt(...target);
  camera.updateMatrixWorld();
  const frustum = new Frustum().setFromProjectionMatrix(
    new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse),
  );
  return {
    planes: frustum.planes.map((plane) => [plane.normal.x, plane.normal.y, plane.normal.z, plane.constant]),
    eye,
    projection: height / 2 / Math.tan((camera.fov * Math.PI) / 360),
  };
}
