import { Box, Button, Text } from '@mantine/core';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  AmbientLight,
  Box3,
  BufferGeometry,
  Color,
  DirectionalLight,
  Group,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
  PerspectiveCamera,
  Scene,
  SphereGeometry,
  Texture,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { onCanvasClick } from '../lib/click-or-drag.ts';
import type { TViewerFileLink } from '../lib/fetch-file.ts';
import { loadModel } from '../lib/load-model.ts';
import { distanceBetween, fitDistance, formatDistance, type TPoint3 } from '../lib/measure.ts';
import { pickModelPoint } from '../lib/picking.ts';
import { type TPickMode, ViewerToolbar } from './viewer-toolbar.tsx';

type TModelViewerProps = TViewerFileLink & {
  resolveRelated?: ((fileName: string) => Promise<string | null>) | undefined;
  pins?: readonly TViewerPin[];
  onPickPoint?: (pin: TViewerPin) => void;
};

/** What the three.js side exposes to React once the model is in the scene. */
type TStage = {
  fit: () => void;
  pick: (x: number, y: number) => TPoint3 | null;
  setMarkers: (group: 'measure' | 'pins', points: readonly TPoint3[], joined: boolean) => void;
  canvas: HTMLCanvasElement;
};

const MEASURE_COLOUR = 0xf59f00;
const PIN_COLOUR = 0xe03131;
const HEIGHT = 520;

/** Builds the scene around a loaded model: orbit, pan and zoom by OrbitControls, drawn on demand. */
function createStage(host: HTMLDivElement, model: Object3D): TStage & { dispose: () => void } {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(host.clientWidth, HEIGHT);
  host.append(renderer.domElement);
  const scene = new Scene();
  scene.background = new Color(0xf1f3f5);
  scene.add(new AmbientLight(0xffffff, 1.2));
  const sun = new DirectionalLight(0xffffff, 2);
  sun.position.set(1, 2, 3);
  scene.add(sun);
  scene.add(model);
  const camera = new PerspectiveCamera(45, host.clientWidth / HEIGHT, 0.01, 1000);
  const controls = new OrbitControls(camera, renderer.domElement);
  const markers = { measure: new Group(), pins: new Group() };
  scene.add(markers.measure, markers.pins);

  const bounds = new Box3().setFromObject(model);
  const centre = bounds.getCenter(new Vector3());
  const radius = Math.max(bounds.getSize(new Vector3()).length() / 2, 1e-6);
  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);

  const fit = () => {
    const distance = fitDistance(radius, camera.fov, camera.aspect);
    camera.near = distance / 1000;
    camera.far = distance * 100;
    camera.position.copy(centre).add(new Vector3(0.6, 0.5, 1).normalize().multiplyScalar(distance));
    camera.updateProjectionMatrix();
    controls.target.copy(centre);
    controls.update();
    render();
  };

  const pick = (x: number, y: number) =>
    pickModelPoint(model, camera, x, y, renderer.domElement.clientWidth, renderer.domElement.clientHeight);

  const setMarkers = (group: 'measure' | 'pins', points: readonly TPoint3[], joined: boolean) => {
    const target = markers[group];
    for (const child of [...target.children]) {
      target.remove(child);
      if (child instanceof Mesh || child instanceof Line) child.geometry.dispose();
    }
    const colour = group === 'measure' ? MEASURE_COLOUR : PIN_COLOUR;
    const dot = new MeshBasicMaterial({ color: colour, depthTest: false });
    for (const point of points) {
      const marker = new Mesh(new SphereGeometry(radius * 0.015, 16, 12), dot);
      marker.position.set(point.x, point.y, point.z);
      marker.renderOrder = 1;
      target.add(marker);
    }
    if (joined && points.length === 2) {
      const line = new Line(
        new BufferGeometry().setFromPoints(points.map((point) => new Vector3(point.x, point.y, point.z))),
        new LineBasicMaterial({ color: colour, depthTest: false }),
      );
      line.renderOrder = 1;
      target.add(line);
    }
    render();
  };

  const resize = new ResizeObserver(() => {
    const width = host.clientWidth;
    if (width === 0) return;
    renderer.setSize(width, HEIGHT);
    camera.aspect = width / HEIGHT;
    camera.updateProjectionMatrix();
    render();
  });
  resize.observe(host);
  fit();

  return {
    fit,
    pick,
    setMarkers,
    canvas: renderer.domElement,
    dispose: () => {
      resize.disconnect();
      controls.dispose();
      // The GPU copies of the model's geometry, materials and textures go with the page.
      scene.traverse((object) => {
        if (!(object instanceof Mesh || object instanceof Line)) return;
        object.geometry.dispose();
        for (const material of [object.material].flat()) {
          for (const value of Object.values(material)) if (value instanceof Texture) value.dispose();
          material.dispose();
        }
      });
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}

/**
 * A 3D mesh (GLB/glTF, OBJ with MTL and textures, PLY): orbit, pan, zoom, Fit to view, Measure
 * (distance between two picked points, in the model's units) and, when offered, Pin a comment.
 */
export default function ModelViewer({ file, url, renewUrl, resolveRelated, pins, onPickPoint }: TModelViewerProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<TStage | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [mode, setMode] = useState<TPickMode>('look');
  const [measured, setMeasured] = useState<TPoint3[]>([]);

  // The model loads once per file; a renewed link does not reload it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const abort = new AbortController();
    let built: ReturnType<typeof createStage> | null = null;
    loadModel(file.name, url, { renewUrl, resolveRelated, signal: abort.signal })
      .then((model) => {
        if (abort.signal.aborted) return;
        built = createStage(host, model);
        setStage(built);
        setState('ready');
      })
      .catch(() => {
        if (!abort.signal.aborted) setState('error');
      });
    return () => {
      abort.abort();
      built?.dispose();
    };
  }, [file.id]);

  const modelPins = useMemo(() => (pins ?? []).flatMap((pin) => (pin.kind === 'model' ? [pin] : [])), [pins]);
  // Markers are drawn in the canvas; `data-pins` tells how many once the scene holds them.
  const shownPins = stage ? modelPins.length : 0;
  useEffect(() => stage?.setMarkers('pins', modelPins, false), [stage, modelPins]);
  useEffect(() => stage?.setMarkers('measure', measured, true), [stage, measured]);

  useEffect(() => {
    if (!stage || mode === 'look') return;
    return onCanvasClick(stage.canvas, (x, y) => {
      const point = stage.pick(x, y);
      if (!point) return;
      if (mode === 'measure') setMeasured((previous) => (previous.length >= 2 ? [point] : [...previous, point]));
      else onPickPoint?.({ kind: 'model', ...point });
    });
  }, [stage, mode, onPickPoint]);

  const [first, second] = measured;
  let status = '';
  if (mode === 'measure') {
    status =
      first && second
        ? `Distance: ${formatDistance(distanceBetween(first, second))}`
        : `Pick point ${measured.length + 1} of 2`;
  } else if (mode === 'pin') status = 'Click the model where the comment belongs';

  return (
    <Box data-viewer="model" data-viewer-state={state} data-pins={shownPins}>
      {state === 'error' ? (
        <Text c="red" size="sm" role="alert">
          This model could not be opened. Use Download to open it on your computer.
        </Text>
      ) : (
        <ViewerToolbar
          mode={mode}
          onMode={(next) => {
            setMode(next);
            setMeasured([]);
          }}
          canMeasure={state === 'ready'}
          canPin={state === 'ready' && Boolean(onPickPoint)}
          status={status}
        >
          <Button size="xs" variant="light" disabled={!stage} onClick={() => stage?.fit()}>
            Fit to view
          </Button>
        </ViewerToolbar>
      )}
      <Box
        ref={hostRef}
        mt="xs"
        style={{ borderRadius: 8, overflow: 'hidden', touchAction: 'none', minHeight: state === 'error' ? 0 : HEIGHT }}
      />
    </Box>
  );
}
