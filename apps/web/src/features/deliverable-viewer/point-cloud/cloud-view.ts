import type { TPoint3 } from '@spacecapture/shared/measurement';
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import type { TCloudView } from '../../../lib/cloud-view.ts';
import type { PointCloudScene } from './lib/point-cloud-scene.ts';

type TVec3 = [number, number, number];

/**
 * The view a layer drawn with the point cloud receives (`TCloudView`): projection and flights in
 * the file's coordinates (the scene works relative to the origin), frame and pick hooks, and the
 * element laid over the canvas. The viewer calls `frameDrawn` after each frame and asks
 * `pickHandler` before its own pick.
 */
export function useCloudView(
  sceneRef: RefObject<PointCloudScene | null>,
  originRef: RefObject<TVec3 | null>,
  ready: boolean,
) {
  const [overlay, setOverlay] = useState<HTMLDivElement | null>(null);
  const listeners = useRef(new Set<() => void>());
  const pickHandler = useRef<((point: TPoint3) => void) | null>(null);

  const view = useMemo<TCloudView>(() => {
    const relative = (point: TPoint3): TVec3 | null => {
      const origin = originRef.current;
      return origin ? [point.x - origin[0], point.y - origin[1], point.z - origin[2]] : null;
    };
    return {
      project(point) {
        const position = relative(point);
        return position && sceneRef.current ? sceneRef.current.projectToView(position) : null;
      },
      flyTo(point) {
        const position = relative(point);
        if (position) sceneRef.current?.flyTo(position);
      },
      onFrame(listener) {
        listeners.current.add(listener);
        return () => {
          listeners.current.delete(listener);
        };
      },
      setPickHandler(handler) {
        pickHandler.current = handler;
      },
      overlay,
      ready,
    };
  }, [overlay, ready, sceneRef, originRef]);

  const frameDrawn = useCallback(() => {
    for (const listener of listeners.current) listener();
  }, []);

  return { view, overlayRef: setOverlay, frameDrawn, pickHandler };
}
