import { describe, expect, it, vi } from 'vitest';
import { onCanvasClick } from './click-or-drag.ts';

function press(canvas: HTMLCanvasElement, from: [number, number], to: [number, number]) {
  canvas.dispatchEvent(new PointerEvent('pointerdown', { clientX: from[0], clientY: from[1] }));
  canvas.dispatchEvent(new PointerEvent('pointerup', { clientX: to[0], clientY: to[1] }));
}

describe('onCanvasClick', () => {
  it('picks on a click, at the position within the canvas, and not on a drag', () => {
    const canvas = document.createElement('canvas');
    document.body.append(canvas);
    const picked = vi.fn();
    const stop = onCanvasClick(canvas, picked);
    press(canvas, [30, 40], [32, 41]);
    expect(picked).toHaveBeenCalledTimes(1);
    expect(picked).toHaveBeenCalledWith(32, 41);
    press(canvas, [30, 40], [90, 40]);
    expect(picked).toHaveBeenCalledTimes(1);
    stop();
    press(canvas, [30, 40], [30, 40]);
    expect(picked).toHaveBeenCalledTimes(1);
    canvas.remove();
  });
});
