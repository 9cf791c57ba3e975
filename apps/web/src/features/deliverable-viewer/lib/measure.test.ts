import { describe, expect, it } from 'vitest';
import { distanceBetween, fitDistance, formatDistance } from './measure.ts';

describe('measure', () => {
  it('gives the straight distance between two points in the model units', () => {
    expect(distanceBetween({ x: 0, y: 0, z: 0 }, { x: 3, y: 4, z: 12 })).toBe(13);
    expect(distanceBetween({ x: -1, y: 2, z: 5 }, { x: -1, y: 2, z: 5 })).toBe(0);
  });

  it('shows the distance with precision that suits its size', () => {
    expect(formatDistance(13)).toBe('13.000 units');
    expect(formatDistance(0.01234)).toBe('0.0123 units');
    expect(formatDistance(1234.56)).toBe('1234.6 units');
  });

  it('backs the camera off far enough to see the whole model', () => {
    const distance = fitDistance(1, 90, 1);
    // A sphere of radius 1 fills a 90° view at √2; the margin keeps it inside.
    expect(distance).toBeGreaterThan(Math.SQRT2);
    expect(distance).toBeLessThan(Math.SQRT2 * 1.2);
    // A narrow window (aspect < 1) needs more distance than a wide one.
    expect(fitDistance(1, 45, 0.5)).toBeGreaterThan(fitDistance(1, 45, 2));
  });
});
