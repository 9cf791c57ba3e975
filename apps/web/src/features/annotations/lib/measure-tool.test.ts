import { describe, expect, it } from 'vitest';
import { addPick, isComplete, labelPosition, nextStep } from './measure-tool.ts';

const p = (x: number, y: number, z: number) => ({ x, y, z });

describe('the measuring tool', () => {
  it('takes two points for a distance, starting again on a third click', () => {
    let picked = addPick('distance', [], p(0, 0, 0));
    expect(isComplete('distance', picked)).toBe(false);
    expect(nextStep('distance', picked)).toBe('Click the second point.');
    picked = addPick('distance', picked, p(1, 0, 0));
    expect(isComplete('distance', picked)).toBe(true);
    expect(addPick('distance', picked, p(5, 5, 5))).toEqual([p(5, 5, 5)]);
  });

  it('grows an area corner by corner, complete from the third', () => {
    const corners = [p(0, 0, 0), p(2, 0, 0), p(2, 2, 0)].reduce(
      (picked, point) => addPick('area', picked, point),
      [] as ReturnType<typeof addPick>,
    );
    expect(corners).toHaveLength(3);
    expect(isComplete('area', corners.slice(0, 2))).toBe(false);
    expect(nextStep('area', corners.slice(0, 2))).toBe('Click corner 3 of the area (at least 3).');
    expect(isComplete('area', corners)).toBe(true);
    expect(nextStep('area', corners)).toBe('Click another corner, or save the area.');
  });

  it('places the label at a distance’s middle, a height’s top, an area’s centre, a note’s point', () => {
    expect(labelPosition('distance', [p(0, 0, 0), p(2, 4, 6)])).toEqual(p(1, 2, 3));
    expect(labelPosition('height', [p(0, 0, 9), p(1, 1, 2)])).toEqual(p(0, 0, 9));
    expect(labelPosition('area', [p(0, 0, 0), p(3, 0, 0), p(3, 3, 0), p(0, 3, 0)])).toEqual(p(1.5, 1.5, 0));
    expect(labelPosition('note', [p(7, 8, 9)])).toEqual(p(7, 8, 9));
    expect(isComplete('note', [])).toBe(false);
    expect(addPick('note', [p(1, 1, 1)], p(2, 2, 2))).toEqual([p(2, 2, 2)]);
  });
});
