import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { directionOf, lookOf } from './panorama-math.ts';
import { createPanoramaSphere } from './panorama-sphere.ts';

/** Where on the sphere (as a look) the image point at column u, row v (0..1 from the bottom) is drawn. */
function lookOfImagePoint(u: number, v: number) {
  const sphere = createPanoramaSphere(100, null);
  const uvs = sphere.geometry.getAttribute('uv');
  const positions = sphere.geometry.getAttribute('position');
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let index = 0; index < uvs.count; index += 1) {
    const distance = Math.hypot(uvs.getX(index) - u, uvs.getY(index) - v);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  }
  const point = new Vector3().fromBufferAttribute(positions, best).applyMatrix4(sphere.matrixWorld);
  return lookOf([point.x, point.y, point.z]);
}

describe('the panorama sphere', () => {
  it('draws the image centre straight ahead (yaw 0, pitch 0)', () => {
    const centre = lookOfImagePoint(0.5, 0.5);
    expect(centre.yaw).toBeCloseTo(0);
    expect(centre.pitch).toBeCloseTo(0);
    expect(directionOf(centre)[2]).toBeCloseTo(-1);
  });

  it('draws columns to the right of the centre at positive yaw, and the top of the image up', () => {
    expect(lookOfImagePoint(0.75, 0.5).yaw).toBeCloseTo(90);
    expect(lookOfImagePoint(0.25, 0.5).yaw).toBeCloseTo(-90);
    expect(lookOfImagePoint(0.5, 0.75).pitch).toBeCloseTo(45, 0);
  });
});
