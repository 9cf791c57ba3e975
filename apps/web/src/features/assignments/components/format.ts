import { labelOf, TIMELINE_OPTIONS } from '@spacecapture/shared/enums';

export function timelineLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return labelOf(TIMELINE_OPTIONS, value);
}
