import { Box, Button } from '@mantine/core';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Group,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Scene,
  SphereGeometry,
  SRGBColorSpace,
  Texture,
  Vector3,
  WebGLRenderer,
} from 'three';
import { onCanvasClick } from '../lib/click-or-drag.ts';
import { clampFov, directionOf, lookAfterDrag, type TLook } from '../lib/panorama-math.ts';
import { createPanoramaSphere } from '../lib/panorama-sphere.ts';
import { pickPanoramaLook } from '../lib/picking.ts';
import { type TPickMode, ViewerToolbar } from './viewer-toolbar.tsx';

const HEIGHT = 520;
const SPHERE_RADIUS = 100;
const START_FOV = 75;

type TPanoramaViewerProps = {
  image: ImageBitmap | HTMLImageElement;
  pins?: readonly TViewerPin[];
  onPickPoint?: (pin: TViewerPin) => void;
  children?: React.ReactNode;
};

/** The scene: the image on the inside of a sphere, the camera at its centre turned by yaw and pitch. */
function createSphere(host: HTMLDivElement, image: ImageBitmap | HTMLImageElement) {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(host.clientWidth, HEIGHT);
  host.append(renderer.domElement);
  const scene = new Scene();
  const camera = new PerspectiveCamera(START_FOV, host.clientWidth / HEIGHT, 0.1, SPHERE_RADIUS * 2);
  const texture = new Texture(image);
  texture.colorSpace = SRGBColorSpace;
  texture.needsUpdate = true;
  const sphere = createPanoramaSphere(SPHERE_RADIUS, texture);
  scene.add(sphere);
  const pinGroup = new Group();
  scene.add(pinGroup);

  let look: TLook = { yaw: 0, pitch: 0 };
  const render = () => {
    const [x, y, z] = directionOf(look);
    camera.lookAt(new Vector3(x, y, z));
    renderer.render(scene, camera);
  };

  const resize = new ResizeObserver(() => {
    if (host.clientWidth === 0) return;
    renderer.setSize(host.clientWidth, HEIGHT);
    camera.aspect = host.clientWidth / HEIGHT;
    camera.updateProjectionMatrix();
    render();
  });
  resize.observe(host);
  render();

  return {
    canvas: renderer.domElement,
    getLook: () => look,
    setLook: (next: TLook) => {
      look = next;
      render();
    },
    getFov: () => camera.fov,
    setFov: (fov: number) => {
      camera.fov = clampFov(fov);
      camera.updateProjectionMatrix();
      render();
    },
    /** The look direction under a canvas position. */
    lookAt: (x: number, y: number): TLook =>
      pickPanoramaLook(camera, x, y, renderer.domElement.clientWidth, renderer.domElement.clientHeight),
    setPins: (looks: readonly TLook[]) => {
      for (const child of [...pinGroup.children]) pinGroup.remove(child);
      const dot = new MeshBasicMaterial({ color: 0xe03131, depthTest: false });
      for (const pinLook of looks) {
        const marker = new Mesh(new SphereGeometry(SPHERE_RADIUS * 0.012, 12, 8), dot);
        const [x, y, z] = directionOf(pinLook);
        marker.position.set(x, y, z).multiplyScalar(SPHERE_RADIUS * 0.9);
        pinGroup.add(marker);
      }
      render();
    },
    dispose: () => {
      resize.disconnect();
      texture.dispose();
      sphere.geometry.dispose();
      sphere.material.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}

type TSphere = ReturnType<typeof createSphere>;

/** An equirectangular 360° image: drag to look around, wheel or buttons to zoom, pins as markers. */
export default function PanoramaViewer({ image, pins, onPickPoint, children }: TPanoramaViewerProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [sphere, setSphere] = useState<TSphere | null>(null);
  const [look, setLook] = useState<TLook>({ yaw: 0, pitch: 0 });
  const [mode, setMode] = useState<TPickMode>('look');

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const built = createSphere(host, image);
    setSphere(built);
    return () => built.dispose();
  }, [image]);

  useEffect(() => {
    if (!sphere) return;
    const canvas = sphere.canvas;
    let last: { x: number; y: number } | null = null;
    const down = (event: PointerEvent) => {
      last = { x: event.clientX, y: event.clientY };
      canvas.setPointerCapture(event.pointerId);
    };
    const move = (event: PointerEvent) => {
      if (!last) return;
      const next = lookAfterDrag(
        sphere.getLook(),
        event.clientX - last.x,
        event.clientY - last.y,
        sphere.getFov(),
        canvas.clientHeight,
      );
      last = { x: event.clientX, y: event.clientY };
      sphere.setLook(next);
      setLook(next);
    };
    const up = () => {
      last = null;
    };
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      sphere.setFov(sphere.getFov() + event.deltaY * 0.05);
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('wheel', wheel, { passive: false });
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('wheel', wheel);
    };
  }, [sphere]);

  const panoramaPins = useMemo(() => (pins ?? []).flatMap((pin) => (pin.kind === 'panorama' ? [pin] : [])), [pins]);
  // Markers are drawn in the canvas; `data-pins` tells how many once the sphere holds them.
  const shownPins = sphere ? panoramaPins.length : 0;
  useEffect(() => sphere?.setPins(panoramaPins), [sphere, panoramaPins]);

  useEffect(() => {
    if (!sphere || mode !== 'pin' || !onPickPoint) return;
    return onCanvasClick(sphere.canvas, (x, y) => {
      const picked = sphere.lookAt(x, y);
      onPickPoint({ kind: 'panorama', yaw: picked.yaw, pitch: picked.pitch });
    });
  }, [sphere, mode, onPickPoint]);

  return (
    <Box
      data-viewer="panorama"
      data-viewer-state={sphere ? 'ready' : 'loading'}
      data-yaw={look.yaw.toFixed(1)}
      data-pitch={look.pitch.toFixed(1)}
      data-pins={shownPins}
    >
      <ViewerToolbar
        mode={mode}
        onMode={setMode}
        canMeasure={false}
        canPin={Boolean(sphere && onPickPoint)}
        status={mode === 'pin' ? 'Click the view where the comment belongs' : 'Drag to look around'}
      >
        <Button size="xs" variant="light" onClick={() => sphere?.setFov(sphere.getFov() - 10)} aria-label="Zoom in">
          +
        </Button>
        <Button size="xs" variant="light" onClick={() => sphere?.setFov(sphere.getFov() + 10)} aria-label="Zoom out">
          −
        </Button>
        {children}
      </ViewerToolbar>
      <Box
        ref={hostRef}
        mt="xs"
        style={{ borderRadius: 8, overflow: 'hidden', touchAction: 'none', cursor: 'grab', minHeight: HEIGHT }}
      />
    </Box>
  );
}
