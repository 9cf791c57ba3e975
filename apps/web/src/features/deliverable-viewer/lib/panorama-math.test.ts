import { describe, expect, it } from 'vitest';
import { clampFov, columnOfYaw, directionOf, lookAfterDrag, lookOf, MAX_PITCH, wrapYaw } from './panorama-math.ts';

describe('panorama maths', () => {
  it('looks down -Z at yaw 0, right along +X at yaw 90, up along +Y at pitch 90', () => {
    const [x0, y0, z0] = directionOf({ yaw: 0, pitch: 0 });
    expect([x0, y0, z0].map((v) => Number(v.toFixed(6)) + 0)).toEqual([0, 0, -1]);
    const [x1, , z1] = directionOf({ yaw: 90, pitch: 0 });
    expect(x1).toBeCloseTo(1);
    expect(z1).toBeCloseTo(0);
    expect(directionOf({ yaw: 0, pitch: 90 })[1]).toBeCloseTo(1);
  });

  it('turns a direction back into the same yaw and pitch', () => {
    for (const look of [
      { yaw: 0, pitch: 0 },
      { yaw: 45, pitch: 30 },
      { yaw: -135, pitch: -60 },
      { yaw: 179, pitch: 10 },
    ]) {
      const back = lookOf(directionOf(look));
      expect(back.yaw).toBeCloseTo(look.yaw);
      expect(back.pitch).toBeCloseTo(look.pitch);
    }
  });

  it('keeps yaw within -180..180 and pitch short of the poles', () => {
    expect(wrapYaw(190)).toBe(-170);
    expect(wrapYaw(-190)).toBe(170);
    expect(wrapYaw(-180)).toBe(180);
    expect(wrapYaw(720)).toBe(0);
    expect(lookAfterDrag({ yaw: 0, pitch: 80 }, 0, 500, 75, 500).pitch).toBe(MAX_PITCH);
  });

  it('moves the image with the pointer: dragging right turns the view left, by the field of view per view height', () => {
    const after = lookAfterDrag({ yaw: 0, pitch: 0 }, 100, -50, 60, 600);
    expect(after.yaw).toBeCloseTo(-10);
    expect(after.pitch).toBeCloseTo(-5);
  });

  it('zooms only between its limits', () => {
    expect(clampFov(10)).toBe(30);
    expect(clampFov(200)).toBe(100);
    expect(clampFov(60)).toBe(60);
  });

  it('maps yaw 0 to the image centre column and ±180 to its edges', () => {
    expect(columnOfYaw(0)).toBe(0.5);
    expect(columnOfYaw(90)).toBe(0.75);
    expect(columnOfYaw(-90)).toBe(0.25);
  });
});
