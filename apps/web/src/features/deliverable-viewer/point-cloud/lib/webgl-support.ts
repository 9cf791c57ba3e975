/** Whether this browser can draw WebGL at all (no GPU, blocked, or disabled: the facts are shown instead). */
export function canUseWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
