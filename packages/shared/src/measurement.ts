import type { TUnitSystem } from './units.ts';

/**
 * Measurements in a point cloud (decision 240): computed in the file's own coordinates, then
 * converted from the file's linear unit to metres, and shown in the reader's unit system (metres or
 * feet). The same functions give the viewer's figures and the exports' values.
 */

/** The linear units a LAS coordinate system names (WKT UNIT, GeoTIFF ProjLinearUnitsGeoKey). */
export const LINEAR_UNITS = ['metre', 'foot', 'us_survey_foot'] as const;
export type TLinearUnit = (typeof LINEAR_UNITS)[number];

/** Exact factors: the international foot is 0.3048 m, the US survey foot 1200/3937 m. */
export const METRES_PER_UNIT: Record<TLinearUnit, number> = {
  metre: 1,
  foot: 0.3048,
  us_survey_foot: 1200 / 3937,
};

/** The unit's name in an export ("metre", "square metre"). */
export const LINEAR_UNIT_NAMES: Record<TLinearUnit, { length: string; area: string }> = {
  metre: { length: 'metre', area: 'square metre' },
  foot: { length: 'foot', area: 'square foot' },
  us_survey_foot: { length: 'US survey foot', area: 'square US survey foot' },
};

export const MEASUREMENT_KINDS = ['distance', 'area', 'height'] as const;
export type TMeasurementKind = (typeof MEASUREMENT_KINDS)[number];

export const MEASUREMENT_LABELS: Record<TMeasurementKind, string> = {
  distance: 'Distance',
  area: 'Area',
  height: 'Height',
};

/** A position in the file's coordinate system. */
export type TPoint3 = { x: number; y: number; z: number };

/** How many points each kind takes: a distance and a height two, an area a polygon of three or more. */
export const MEASUREMENT_POINTS: Record<TMeasurementKind, { min: number; max: number }> = {
  distance: { min: 2, max: 2 },
  height: { min: 2, max: 2 },
  area: { min: 3, max: 100 },
};

/** The straight distance between two points. */
export function distanceBetween(a: TPoint3, b: TPoint3): number {
  return Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
}

/** The vertical difference between two points (Z is up in survey files), never negative. */
export function heightBetween(a: TPoint3, b: TPoint3): number {
  return Math.abs(b.z - a.z);
}

/**
 * The area of a polygon given by its corners in order, in any orientation: half the length of its
 * vector area (Newell's method). Exact for a flat polygon (a floor, a wall, a sloping roof); for
 * corners not quite in one plane, the area of its shadow on the plane that fits them best.
 * Coordinates are taken relative to the first corner, so survey offsets of millions of units
 * lose no precision.
 */
export function polygonArea(points: readonly TPoint3[]): number {
  if (points.length < 3) return 0;
  const origin = points[0]!;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let index = 0; index < points.length; index += 1) {
    const current = points[index]!;
    const next = points[(index + 1) % points.length]!;
    const [ax, ay, az] = [current.x - origin.x, current.y - origin.y, current.z - origin.z];
    const [bx, by, bz] = [next.x - origin.x, next.y - origin.y, next.z - origin.z];
    nx += ay * bz - az * by;
    ny += az * bx - ax * bz;
    nz += ax * by - ay * bx;
  }
  return Math.hypot(nx, ny, nz) / 2;
}

/** A measurement's value in the file's units (an area in square units), or null when it has too few points. */
export function measurementValue(kind: TMeasurementKind, points: readonly TPoint3[]): number | null {
  if (points.length < MEASUREMENT_POINTS[kind].min) return null;
  const [first, second] = points as [TPoint3, TPoint3];
  if (kind === 'distance') return distanceBetween(first, second);
  if (kind === 'height') return heightBetween(first, second);
  return polygonArea(points);
}

/** A value in the file's units as metres (a length) or square metres (an area). */
export function toMetres(value: number, unit: TLinearUnit, kind: TMeasurementKind): number {
  const factor = METRES_PER_UNIT[unit];
  return kind === 'area' ? value * factor * factor : value * factor;
}

const FEET_PER_METRE = 1 / 0.3048;

function fixed(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A length in metres as the reader reads it: "3.42 m" or "11.22 ft", centimetre or hundredth-of-a-foot steps. */
export function formatLength(metres: number, system: TUnitSystem): string {
  return system === 'metric' ? `${fixed(metres, 2)} m` : `${fixed(metres * FEET_PER_METRE, 2)} ft`;
}

/** An area in square metres as the reader reads it: "12.50 m²" or "134.55 sq ft". */
export function formatSurface(squareMetres: number, system: TUnitSystem): string {
  return system === 'metric'
    ? `${fixed(squareMetres, 2)} m²`
    : `${fixed(squareMetres * FEET_PER_METRE * FEET_PER_METRE, 2)} sq ft`;
}

/** A measurement in the file's units, shown in the reader's system. */
export function formatMeasurement(
  kind: TMeasurementKind,
  valueInFileUnits: number,
  fileUnit: TLinearUnit,
  system: TUnitSystem,
): string {
  const metres = toMetres(valueInFileUnits, fileUnit, kind);
  return kind === 'area' ? formatSurface(metres, system) : formatLength(metres, system);
}
