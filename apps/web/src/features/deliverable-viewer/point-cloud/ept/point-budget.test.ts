import { describe, expect, it } from 'vitest';
import { DESKTOP_POINT_BUDGET, defaultPointBudget, PHONE_POINT_BUDGET } from './point-budget.ts';

describe('defaultPointBudget', () => {
  it('gives a phone or a small touch screen 2 M points and a desktop 5 M', () => {
    expect(defaultPointBudget({ coarsePointer: true, screenLongSide: 1024 })).toBe(PHONE_POINT_BUDGET);
    expect(defaultPointBudget({ coarsePointer: false, screenLongSide: 740 })).toBe(PHONE_POINT_BUDGET);
    expect(defaultPointBudget({ coarsePointer: false, screenLongSide: 1920 })).toBe(DESKTOP_POINT_BUDGET);
  });
});
