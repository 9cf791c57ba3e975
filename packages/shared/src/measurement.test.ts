import { describe, expect, it } from 'vitest';
import {
  distanceBetween,
  formatLength,
  formatMeasurement,
  formatSurface,
  heightBetween,
  measurementValue,
  polygonArea,
  toMetres,
} from './measurement.ts';

const p = (x: number, y: number, z: number) => ({ x, y, z });

describe('measurements in a point cloud', () => {
  it('measures a straight distance and a vertical difference', () => {
    expect(distanceBetween(p(0, 0, 0), p(3, 4, 12))).toBe(13);
    expect(heightBetween(p(5, 5, 10), p(0, 0, 7.5))).toBe(2.5);
    expect(heightBetween(p(0, 0, 2), p(9, 9, 2))).toBe(0);
  });

  it('measures the area of a flat polygon in any orientation, with survey offsets', () => {
    // A 4 m × 3 m floor far from the origin, as UTM coordinates are.
    const floor = [
      p(512_000, 5_402_000, 38),
      p(512_004, 5_402_000, 38),
      p(512_004, 5_402_003, 38),
      p(512_000, 5_402_003, 38),
    ];
    expect(polygonArea(floor)).toBeCloseTo(12, 9);
    // The same rectangle as a wall (vertical), and corners given the other way round.
    const wall = [p(0, 0, 0), p(4, 0, 0), p(4, 0, 3), p(0, 0, 3)];
    expect(polygonArea(wall)).toBeCloseTo(12, 12);
    expect(polygonArea([...wall].reverse())).toBeCloseTo(12, 12);
    // An L-shaped room (concave): 4 × 4 minus 2 × 2.
    const room = [p(0, 0, 0), p(4, 0, 0), p(4, 2, 0), p(2, 2, 0), p(2, 4, 0), p(0, 4, 0)];
    expect(polygonArea(room)).toBeCloseTo(12, 12);
    // A roof sloping at 45°: its true area, not its plan.
    const roof = [p(0, 0, 0), p(2, 0, 0), p(2, 2, 2), p(0, 2, 2)];
    expect(polygonArea(roof)).toBeCloseTo(2 * 2 * Math.SQRT2, 12);
    expect(polygonArea([p(0, 0, 0), p(1, 1, 1)])).toBe(0);
  });

  it('gives each kind its value, and none before enough points are picked', () => {
    expect(measurementValue('distance', [p(0, 0, 0), p(0, 0, 2)])).toBe(2);
    expect(measurementValue('height', [p(0, 0, 0), p(3, 0, 2)])).toBe(2);
    expect(measurementValue('area', [p(0, 0, 0), p(2, 0, 0), p(0, 2, 0)])).toBe(2);
    expect(measurementValue('distance', [p(0, 0, 0)])).toBeNull();
    expect(measurementValue('area', [p(0, 0, 0), p(2, 0, 0)])).toBeNull();
  });

  it('converts the file’s units to metres exactly, squared for an area', () => {
    expect(toMetres(10, 'metre', 'distance')).toBe(10);
    expect(toMetres(10, 'foot', 'distance')).toBeCloseTo(3.048, 12);
    expect(toMetres(3937, 'us_survey_foot', 'height')).toBeCloseTo(1200, 9);
    expect(toMetres(100, 'foot', 'area')).toBeCloseTo(9.290304, 12);
  });

  it('shows lengths and areas in metres or feet, as the organisation reads them', () => {
    expect(formatLength(3.4167, 'metric')).toBe('3.42 m');
    expect(formatLength(3.048, 'imperial')).toBe('10.00 ft');
    expect(formatLength(1234.5, 'metric')).toBe('1,234.50 m');
    expect(formatSurface(12, 'metric')).toBe('12.00 m²');
    expect(formatSurface(9.290304, 'imperial')).toBe('100.00 sq ft');
    // A file in feet read by a metric organisation, and one in metres read by an imperial one.
    expect(formatMeasurement('distance', 10, 'foot', 'metric')).toBe('3.05 m');
    expect(formatMeasurement('area', 100, 'foot', 'metric')).toBe('9.29 m²');
    expect(formatMeasurement('height', 1, 'metre', 'imperial')).toBe('3.28 ft');
    expect(formatMeasurement('distance', 5, 'metre', 'metric')).toBe('5.00 m');
  });
});
