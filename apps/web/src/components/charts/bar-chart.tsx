import { type JSX, useLayoutEffect, useRef, useState } from 'react';
import classes from './bar-chart.module.css';

/** One bar; labels are unique within a chart. */
export type TBarDatum = { label: string; value: number };

type TBarChartProps = {
  title: string;
  data: readonly TBarDatum[];
  formatValue?: (value: number) => string;
  height?: number;
};

/** Room above the tallest bar for its value, in pixels (the chart is drawn at its real size). */
const TOP_SPACE = 22;
const BOTTOM_SPACE = 30;
const MAX_BOTTOM_SPACE = 96;
/** Below this width per bar the chart scrolls sideways instead of squeezing its bars further. */
const MIN_SLOT_WIDTH = 24;
const FALLBACK_SLOT_WIDTH = 64;
const MIN_WIDTH = 320;
const LABEL_FONT_SIZE = 11;
const ROTATED_LABEL_MAX_CHARACTERS = 14;
const VALUE_FONT_SIZE = 12;
const MIN_VALUE_FONT_SIZE = 8;
/** Average glyph width of the chart's sans-serif text, as a share of the font size. */
const GLYPH_WIDTH = 0.6;
/** Rotated labels lean 40° (sin 40° ≈ 0.64, cos 40° ≈ 0.77). */
const ROTATION_DEGREES = -40;
const ROTATION_SINE = 0.64;
const ROTATION_COSINE = 0.77;

const defaultFormat = (value: number) => value.toLocaleString('en-US');

const textWidth = (text: string, fontSize: number) => text.length * fontSize * GLYPH_WIDTH;

function shorten(label: string, maxCharacters: number): string {
  return label.length > maxCharacters ? `${label.slice(0, Math.max(1, maxCharacters - 1))}…` : label;
}

type TBarLayout = { x: number; y: number; width: number; height: number };

/** Bar geometry: heights scaled to the largest value (negative values draw as empty bars). */
export function layoutBars(data: readonly TBarDatum[], width: number, plotHeight: number): TBarLayout[] {
  const max = Math.max(0, ...data.map((datum) => datum.value));
  const slot = width / Math.max(1, data.length);
  const barWidth = Math.min(slot * 0.6, 48);
  return data.map((datum, index) => {
    const height = max > 0 ? (Math.max(0, datum.value) / max) * plotHeight : 0;
    return { x: index * slot + (slot - barWidth) / 2, y: TOP_SPACE + plotHeight - height, width: barWidth, height };
  });
}

/** A value's font size: the usual size, smaller when the text would run into the next bar's. */
export function valueFontSize(text: string, slotWidth: number): number {
  const fitting = (slotWidth - 4) / (Math.max(1, text.length) * GLYPH_WIDTH);
  return Math.max(MIN_VALUE_FONT_SIZE, Math.min(VALUE_FONT_SIZE, Math.floor(fitting * 10) / 10));
}

export type TAxisLabels = {
  rotated: boolean;
  /** Room below the baseline for the labels. */
  bottomSpace: number;
  /** Room left of the first bar, so its leaning label is not cut off. */
  leftSpace: number;
  /** The text under each bar ('' where a label is skipped so its neighbours stay legible). */
  texts: string[];
};

/** The x labels: level when they fit under their bar, else leaning and shortened. */
export function layoutAxisLabels(labels: readonly string[], slotWidth: number): TAxisLabels {
  const level = labels.every((label) => textWidth(label, LABEL_FONT_SIZE) <= slotWidth - 4);
  if (level) return { rotated: false, bottomSpace: BOTTOM_SPACE, leftSpace: 0, texts: [...labels] };
  const texts = labels.map((label) => shorten(label, ROTATED_LABEL_MAX_CHARACTERS));
  const longest = Math.max(...texts.map((text) => textWidth(text, LABEL_FONT_SIZE)));
  // Leaning labels need about one line height each; skip some when bars are narrower than that.
  const step = Math.max(1, Math.ceil((LABEL_FONT_SIZE * 1.3) / slotWidth));
  return {
    rotated: true,
    bottomSpace: Math.min(MAX_BOTTOM_SPACE, Math.ceil(16 + longest * ROTATION_SINE)),
    leftSpace: Math.max(0, Math.ceil(textWidth(texts[0] ?? '', LABEL_FONT_SIZE) * ROTATION_COSINE - slotWidth / 2) + 6),
    texts: texts.map((text, index) => (index % step === 0 ? text : '')),
  };
}

/** The width the chart is given by its container (null until measured, e.g. outside a browser). */
function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth > 0 ? element.clientWidth : null);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export type TValueLabel = { text: string; x: number; fontSize: number } | null;

/**
 * A bar's value above it: shrunk to fit its slot; where even the smallest size does not fit, a
 * zero is left out (the missing bar says it) and others are kept inside the chart's edges.
 */
export function layoutValueLabel(
  text: string,
  value: number,
  center: number,
  slotWidth: number,
  chartWidth: number,
): TValueLabel {
  const fontSize = valueFontSize(text, slotWidth);
  const width = textWidth(text, fontSize);
  if (width > slotWidth - 2 && value === 0) return null;
  const half = width / 2;
  return { text, fontSize, x: Math.min(Math.max(center, half), chartWidth - half) };
}

/**
 * A dependency-free vertical bar chart drawn at the width of its container (text keeps its size;
 * many bars on a narrow screen scroll sideways); a hidden table gives screen readers the figures.
 */
export function BarChart({ title, data, formatValue = defaultFormat, height = 220 }: TBarChartProps): JSX.Element {
  const [containerRef, containerWidth] = useContainerWidth();
  if (data.length === 0) {
    return (
      <figure className={classes.figure}>
        <figcaption className={classes.title}>{title}</figcaption>
        <p className={classes.empty}>No data yet.</p>
      </figure>
    );
  }
  const width = Math.max(
    containerWidth ?? Math.max(MIN_WIDTH, data.length * FALLBACK_SLOT_WIDTH),
    data.length * MIN_SLOT_WIDTH,
  );
  const axis = layoutAxisLabels(
    data.map((datum) => datum.label),
    width / data.length,
  );
  const plotWidth = width - axis.leftSpace;
  const slotWidth = plotWidth / data.length;
  const svgHeight = Math.max(height, TOP_SPACE + axis.bottomSpace + 60);
  const plotHeight = svgHeight - TOP_SPACE - axis.bottomSpace;
  const bars = layoutBars(data, plotWidth, plotHeight).map((bar) => ({ ...bar, x: bar.x + axis.leftSpace }));
  const baseline = TOP_SPACE + plotHeight;
  return (
    <figure className={classes.figure}>
      <figcaption className={classes.title} aria-hidden="true">
        {title}
      </figcaption>
      <div ref={containerRef} className={classes.scroller}>
        <svg
          className={classes.svg}
          width={width}
          height={svgHeight}
          viewBox={`0 0 ${width} ${svgHeight}`}
          role="img"
          aria-label={title}
        >
          <line className={classes.axis} x1={0} x2={width} y1={baseline} y2={baseline} />
          {data.map((datum, index) => {
            const bar = bars[index] as TBarLayout;
            const center = bar.x + bar.width / 2;
            const value = formatValue(datum.value);
            const valueLabel = layoutValueLabel(value, datum.value, center, slotWidth, width);
            const label = axis.texts[index] ?? '';
            return (
              <g key={datum.label} data-bar={datum.label}>
                <title>{`${datum.label}: ${value}`}</title>
                <rect className={classes.bar} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={2} />
                {valueLabel ? (
                  <text
                    className={classes.value}
                    x={valueLabel.x}
                    y={bar.y - 6}
                    textAnchor="middle"
                    fontSize={valueLabel.fontSize}
                  >
                    {valueLabel.text}
                  </text>
                ) : null}
                {label ? (
                  <text
                    className={classes.label}
                    x={center}
                    y={baseline + (axis.rotated ? 12 : 18)}
                    textAnchor={axis.rotated ? 'end' : 'middle'}
                    fontSize={LABEL_FONT_SIZE}
                    transform={axis.rotated ? `rotate(${ROTATION_DEGREES} ${center} ${baseline + 12})` : undefined}
                  >
                    {label}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {data.map((datum) => (
            <tr key={datum.label}>
              <th scope="row">{datum.label}</th>
              <td>{formatValue(datum.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
