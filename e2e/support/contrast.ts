import type { Page } from '@playwright/test';

export type TLowContrast = { text: string; color: string; background: string; ratio: number; required: number };

/**
 * Every visible text on the page whose contrast with what is behind it is below WCAG AA: 4.5:1, or
 * 3:1 for large text (24 px, or 18.66 px bold). Colours are composited the way they are painted
 * (translucent text and layers over their ancestors' backgrounds); SVG text by its fill. Text over
 * an image or gradient cannot be measured this way and is left out, as are disabled controls and
 * decorative (aria-hidden) parts, which WCAG does not rate.
 */
export function lowContrastTexts(page: Page): Promise<TLowContrast[]> {
  return page.evaluate(() => {
    type TRgba = [number, number, number, number];
    const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    /** Any CSS colour as RGBA: the canvas serialises what it was given as #rrggbb or rgba(). */
    function parse(color: string): TRgba {
      canvas.fillStyle = '#000000';
      canvas.fillStyle = color;
      const value = String(canvas.fillStyle);
      if (value.startsWith('#')) {
        return [
          Number.parseInt(value.slice(1, 3), 16),
          Number.parseInt(value.slice(3, 5), 16),
          Number.parseInt(value.slice(5, 7), 16),
          1,
        ];
      }
      const [r, g, b, a] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return [r ?? 0, g ?? 0, b ?? 0, a ?? 1];
    }
    function over(top: TRgba, bottom: TRgba): TRgba {
      const alpha = top[3] + bottom[3] * (1 - top[3]);
      if (alpha === 0) return [0, 0, 0, 0];
      const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / alpha;
      return [mix(0), mix(1), mix(2), alpha];
    }
    function luminance([r, g, b]: TRgba) {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    }
    /** The background painted behind `element`, or null over an image or gradient. */
    function backgroundOf(element: Element): TRgba | null {
      const layers: TRgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const layer = parse(style.backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      // Under everything: the canvas, painted with the root's scheme.
      let painted: TRgba = getComputedStyle(document.documentElement).colorScheme.includes('dark')
        ? [0, 0, 0, 1]
        : [255, 255, 255, 1];
      for (const layer of layers.reverse()) painted = over(layer, painted);
      return painted;
    }
    function opacityOf(element: Element) {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        opacity *= Number(getComputedStyle(node).opacity);
      }
      return opacity;
    }
    const found: { text: string; color: string; background: string; ratio: number; required: number }[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const text = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!text || element.closest('[aria-hidden="true"], script, style, noscript, [disabled], [data-disabled]'))
        continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.visibility !== 'visible' || box.width < 2 || box.height < 2) continue;
      const background = backgroundOf(element);
      if (!background) continue;
      // SVG text (a chart's labels) is painted with its fill, not its colour.
      const painted = element instanceof SVGTextElement ? style.fill : style.color;
      const color = parse(painted);
      color[3] *= opacityOf(element);
      const shown = over(color, background);
      const [lighter, darker] = [luminance(shown), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (lighter + 0.05) / (darker + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      if (ratio < required - 0.005) {
        found.push({
          text: text.slice(0, 60),
          color: painted,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(' ')})`,
          ratio: Math.round(ratio * 100) / 100,
          required,
        });
      }
    }
    return found;
  });
}

/**
 * The dark scheme's light-variant buttons (View invoice, Export CSV) that do not stand out as a tint
 * lighter than the surface they sit on, at least as far apart (1.2:1) as the light scheme's pale
 * button is from white: a block darker than, or barely apart from, the dark page reads as a hole.
 * Returns their labels.
 */
export function darkBlockButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    /** The luminance of `colors` painted one over another, as the browser composites them. */
    function paint(colors: string[]): number {
      canvas.clearRect(0, 0, 1, 1);
      for (const color of colors) {
        canvas.fillStyle = color;
        canvas.fillRect(0, 0, 1, 1);
      }
      const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
      const channel = (value = 0) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    }
    /** Background colours from the canvas up to `element`'s parent, outermost first. */
    function layersBehind(element: Element) {
      const layers: string[] = [];
      for (let node = element.parentElement; node; node = node.parentElement) {
        layers.unshift(getComputedStyle(node).backgroundColor);
      }
      return ['#000000', ...layers];
    }
    return [...document.querySelectorAll('.mantine-Button-root[data-variant="light"]:not([data-disabled])')]
      .filter((button) => {
        const behind = layersBehind(button);
        const surface = paint(behind);
        const tint = paint([...behind, getComputedStyle(button).backgroundColor]);
        return (tint + 0.05) / (surface + 0.05) < 1.2;
      })
      .map((button) => button.textContent?.trim() ?? '');
  });
}
