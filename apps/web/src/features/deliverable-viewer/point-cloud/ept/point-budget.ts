/**
 * How many points the streamed tree may hold at once. Phones and small tablets (a coarse pointer,
 * or a screen under 800 CSS pixels on its long side) start at 2 M, other devices at 5 M, after
 * what Potree's viewer draws smoothly on each; the reader can change it in the viewer, and the
 * choice is kept for the next cloud on this device.
 */

export const POINT_BUDGET_CHOICES = [1_000_000, 2_000_000, 5_000_000, 10_000_000] as const;
export const PHONE_POINT_BUDGET = 2_000_000;
export const DESKTOP_POINT_BUDGET = 5_000_000;
const STORAGE_KEY = 'point-cloud-budget';
const SMALL_SCREEN_PX = 800;

export type TDeviceHints = { coarsePointer: boolean; screenLongSide: number };

export function defaultPointBudget(hints: TDeviceHints): number {
  return hints.coarsePointer || hints.screenLongSide < SMALL_SCREEN_PX ? PHONE_POINT_BUDGET : DESKTOP_POINT_BUDGET;
}

function deviceHints(): TDeviceHints {
  return {
    coarsePointer: window.matchMedia?.('(pointer: coarse)').matches ?? false,
    screenLongSide: Math.max(window.screen?.width ?? 0, window.screen?.height ?? 0),
  };
}

export function readPointBudget(): number {
  try {
    const saved = Number(window.localStorage.getItem(STORAGE_KEY));
    if ((POINT_BUDGET_CHOICES as readonly number[]).includes(saved)) return saved;
  } catch {
    // Storage refused (private mode): the device's default.
  }
  return defaultPointBudget(deviceHints());
}

export function savePointBudget(budget: number) {
  try {
    window.localStorage.setItem(STORAGE_KEY, String(budget));
  } catch {
    // Kept for this view only.
  }
}
