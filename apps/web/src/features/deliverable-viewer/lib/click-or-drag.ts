/** A pointer that moved less than this between press and release clicked rather than dragged. */
const CLICK_TOLERANCE_PX = 5;

/**
 * Calls `onClick` with the canvas-relative position when a press ends where it began, so a drag
 * that orbits or looks around never counts as picking a point. Returns the clean-up.
 */
export function onCanvasClick(canvas: HTMLCanvasElement, onClick: (x: number, y: number) => void): () => void {
  let start: { x: number; y: number } | null = null;
  const down = (event: PointerEvent) => {
    start = { x: event.clientX, y: event.clientY };
  };
  const up = (event: PointerEvent) => {
    if (!start) return;
    const moved = Math.hypot(event.clientX - start.x, event.clientY - start.y);
    start = null;
    if (moved > CLICK_TOLERANCE_PX) return;
    const box = canvas.getBoundingClientRect();
    onClick(event.clientX - box.left, event.clientY - box.top);
  };
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointerup', up);
  return () => {
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointerup', up);
  };
}
