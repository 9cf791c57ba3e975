import { BoxGeometry, Mesh, MeshBasicMaterial, PerspectiveCamera } from 'three';
import { describe, expect, it } from 'vitest';
import { distanceBetween } from './measure.ts';
import { pickModelPoint, pickPanoramaLook } from './picking.ts';

/** A 2×2×2 cube whose front face is at z = 11, seen from z = 20 (the model is not moved: its own units). */
function scene() {
  const cube = new Mesh(new BoxGeometry(2, 2, 2), new MeshBasicMaterial());
  cube.position.set(0, 0, 10);
  cube.updateMatrixWorld();
  const camera = new PerspectiveCamera(45, 1, 0.1, 100);
  camera.position.set(0, 0, 20);
  camera.lookAt(0, 0, 10);
  camera.updateMatrixWorld();
  return { cube, camera };
}

describe('picking a point of a model', () => {
  it('finds the point of the front face under the pointer, in the model coordinates', () => {
    const { cube, camera } = scene();
    const centre = pickModelPoint(cube, camera, 200, 200, 400, 400);
    expect(centre?.z).toBeCloseTo(11);
    expect(centre?.x).toBeCloseTo(0);
    const right = pickModelPoint(cube, camera, 240, 200, 400, 400);
    expect(right?.x).toBeGreaterThan(0.1);
    expect(right?.z).toBeCloseTo(11);
    // Two picks measure along the face.
    expect(distanceBetween(centre ?? { x: 0, y: 0, z: 0 }, right ?? { x: 0, y: 0, z: 0 })).toBeCloseTo(right?.x ?? 0);
  });

  it('finds nothing beside the model', () => {
    const { cube, camera } = scene();
    expect(pickModelPoint(cube, camera, 5, 5, 400, 400)).toBeNull();
  });
});

describe('picking a direction in a panorama', () => {
  it('gives yaw 0 and pitch 0 at the centre, positive yaw to the right and positive pitch above', () => {
    const camera = new PerspectiveCamera(90, 2, 0.1, 200);
    camera.lookAt(0, 0, -1);
    camera.updateMatrixWorld();
    const centre = pickPanoramaLook(camera, 400, 200, 800, 400);
    expect(centre.yaw).toBeCloseTo(0);
    expect(centre.pitch).toBeCloseTo(0);
    const upperRight = pickPanoramaLook(camera, 700, 100, 800, 400);
    expect(upperRight.yaw).toBeGreaterThan(10);
    expect(upperRight.pitch).toBeGreaterThan(10);
  });
});
