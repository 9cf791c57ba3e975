import type { TPoint3 } from '@spacecapture/shared/measurement';
import { useEffect, useReducer } from 'react';
import { createPortal } from 'react-dom';
import type { TCloudView } from '../../../lib/cloud-view.ts';

/** One label drawn over the cloud: its text at a point, and the outline of what it measured. */
export type TOverlayMark = {
  id: string;
  position: TPoint3;
  text: string;
  /** The measured points, joined in order (an area closed). */
  outline: { points: readonly TPoint3[]; closed: boolean } | null;
  tone: 'saved' | 'focused' | 'draft';
};

const TONES = {
  saved: { line: '#ffd43b', background: 'rgba(20, 21, 23, 0.82)', text: '#fff' },
  focused: { line: '#ff922b', background: '#ff922b', text: '#1a1b1e' },
  draft: { line: '#4dabf7', background: '#1c7ed6', text: '#fff' },
} as const;

/** Longest label text drawn over the view; the list beside it has the whole of it. */
const LABEL_CHARS = 48;

/**
 * Labels and measured outlines laid over the point cloud (decision 240), re-projected after each
 * frame, so they follow the camera. Marks behind the camera are left out. Drawn into the view's
 * overlay element, which takes no pointer events: clicks still reach the cloud.
 */
export function AnnotationOverlay({ view, marks }: { view: TCloudView; marks: readonly TOverlayMark[] }) {
  const [, redraw] = useReducer((frame: number) => frame + 1, 0);
  useEffect(() => view.onFrame(redraw), [view]);
  if (!view.overlay || !view.ready) return null;

  const lines = marks.flatMap((mark) => {
    if (!mark.outline || mark.outline.points.length < 2) return [];
    const projected = mark.outline.points.map((point) => view.project(point));
    if (projected.some((point) => point === null)) return [];
    const path = projected.map((point) => `${point!.x},${point!.y}`).join(' ');
    const Shape = mark.outline.closed && projected.length > 2 ? 'polygon' : 'polyline';
    return [
      <Shape
        key={mark.id}
        points={path}
        fill={Shape === 'polygon' ? `${TONES[mark.tone].line}33` : 'none'}
        stroke={TONES[mark.tone].line}
        strokeWidth={2}
      />,
      ...projected.map((point, index) => (
        <circle
          // biome-ignore lint/suspicious/noArrayIndexKey: the corners of one outline, in order
          key={`${mark.id}-${index}`}
          cx={point!.x}
          cy={point!.y}
          r={4}
          fill={TONES[mark.tone].line}
        />
      )),
    ];
  });

  const labels = marks.flatMap((mark) => {
    const at = view.project(mark.position);
    if (!at) return [];
    const tone = TONES[mark.tone];
    const text = mark.text.length > LABEL_CHARS ? `${mark.text.slice(0, LABEL_CHARS - 1)}…` : mark.text;
    return [
      <div
        key={mark.id}
        data-annotation-label={mark.tone}
        style={{
          position: 'absolute',
          left: at.x,
          top: at.y,
          transform: 'translate(-50%, calc(-100% - 8px))',
          padding: '2px 6px',
          borderRadius: 4,
          fontSize: 12,
          lineHeight: 1.4,
          whiteSpace: 'nowrap',
          background: tone.background,
          color: tone.text,
          border: `1px solid ${tone.line}`,
        }}
      >
        {text}
      </div>,
    ];
  });

  return createPortal(
    <div aria-hidden="true" data-testid="annotation-overlay" data-marks={labels.length}>
      <svg width="100%" height="100%" style={{ position: 'absolute', inset: 0, overflow: 'visible' }}>
        <title>Measured outlines</title>
        {lines}
      </svg>
      {labels}
    </div>,
    view.overlay,
  );
}
