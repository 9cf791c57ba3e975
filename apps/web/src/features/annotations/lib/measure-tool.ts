import { MEASUREMENT_POINTS, type TMeasurementKind, type TPoint3 } from '@spacecapture/shared/measurement';

/** What a click on the cloud does: one of the measurements, or a note at a point. */
export type TAnnotationTool = TMeasurementKind | 'note';

/** The tools' buttons: verbs, so "Height" stays the colour mode's word above the view. */
export const TOOL_BUTTONS: Record<TAnnotationTool, string> = {
  distance: 'Measure distance',
  area: 'Measure area',
  height: 'Measure height',
  note: 'Add a note',
};

/** The points after one more pick: a full distance or height starts again; an area grows to its limit. */
export function addPick(tool: TAnnotationTool, picked: readonly TPoint3[], point: TPoint3): TPoint3[] {
  if (tool === 'note') return [point];
  return picked.length >= MEASUREMENT_POINTS[tool].max ? [point] : [...picked, point];
}

/** Enough points to save: one for a note, two for a distance or height, three corners for an area. */
export function isComplete(tool: TAnnotationTool, picked: readonly TPoint3[]): boolean {
  return picked.length >= (tool === 'note' ? 1 : MEASUREMENT_POINTS[tool].min);
}

/** Where the label of a measurement stands: a distance's middle, a height's top, an area's centre, a note's point. */
export function labelPosition(tool: TAnnotationTool, picked: readonly TPoint3[]): TPoint3 {
  const first = picked[0] ?? { x: 0, y: 0, z: 0 };
  if (tool === 'note') return first;
  if (tool === 'height') return picked.reduce((top, point) => (point.z > top.z ? point : top), first);
  const sum = picked.reduce((total, point) => ({ x: total.x + point.x, y: total.y + point.y, z: total.z + point.z }), {
    x: 0,
    y: 0,
    z: 0,
  });
  const count = Math.max(picked.length, 1);
  return { x: sum.x / count, y: sum.y / count, z: sum.z / count };
}

/** What to do next, in a word for the reader. */
export function nextStep(tool: TAnnotationTool, picked: readonly TPoint3[]): string {
  if (tool === 'note') return picked.length === 0 ? 'Click the point to annotate.' : 'Write the note and save it.';
  if (tool === 'area') {
    const { min, max } = MEASUREMENT_POINTS.area;
    if (picked.length < min) return `Click corner ${picked.length + 1} of the area (at least ${min}).`;
    return picked.length < max ? 'Click another corner, or save the area.' : 'Save the area.';
  }
  if (picked.length === 0) return 'Click the first point.';
  if (picked.length === 1) return 'Click the second point.';
  return 'Save the measurement, or click to start again.';
}
