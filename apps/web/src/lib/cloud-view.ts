import type { TPoint3 } from '@spacecapture/shared/measurement';
import type { ReactNode } from 'react';

/**
 * What the point-cloud viewer offers a layer drawn with it (measurements and annotations, decision
 * 240): every point is in the file's own coordinates, as the viewer reports picks. The viewer and
 * the layer are separate features; a route composes them through this contract.
 */
export type TCloudView = {
  /** Where a point is drawn, in pixels from the view's top-left corner, or null behind the camera or before the first frame. */
  project(point: TPoint3): { x: number; y: number } | null;
  /** Turns the camera to a point and comes close to it. */
  flyTo(point: TPoint3): void;
  /** Called after each frame drawn (the camera moved, points arrived); returns the unsubscribe. */
  onFrame(listener: () => void): () => void;
  /** While set, a click on a point goes to the handler (and not to the review's comment pin). */
  setPickHandler(handler: ((point: TPoint3) => void) | null): void;
  /** An element over the view, of its size, taking no pointer events: a layer draws its labels there (a portal). */
  overlay: HTMLElement | null;
  /** Points are on screen. */
  ready: boolean;
};

/** A layer's content, beside the view (its tools and list), given the view. */
export type TCloudLayer = (view: TCloudView) => ReactNode;
