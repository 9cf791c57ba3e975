import { Alert, Box, Button, Flex, Group, NativeSelect, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PointTreeStatus } from '../../../components/ui/point-tree-status.tsx';
import type { TCloudLayer } from '../../../lib/cloud-view.ts';
import { CloudFacts, formatBounds, formatTriple } from './cloud-facts.tsx';
import { useCloudView } from './cloud-view.ts';
import { openTreeStream } from './ept/open-tree-stream.ts';
import { POINT_BUDGET_CHOICES, readPointBudget, savePointBudget } from './ept/point-budget.ts';
import { readCloudSource, type TCloudFacts } from './lib/cloud-source.ts';
import { DEFAULT_POINT_BUDGET, formatPointCount } from './lib/lod-plan.ts';
import type { PointCloudScene, TColorMode } from './lib/point-cloud-scene.ts';
import type { TWorkerMessage, TWorkerRequest } from './lib/stream-cloud.ts';
import { canUseWebGl } from './lib/webgl-support.ts';

/**
 * A LAS, LAZ or PLY point cloud in the browser, streamed with level of detail: the header by one
 * range request, then runs of points (LAZ: chunks, decoded by laz-perf) in coarse-to-fine order (a
 * worker fetches and decodes them), drawn as they arrive. Large files stop at a point budget
 * instead of being read whole. Without WebGL, or for a file it cannot draw (a LAZ without chunk
 * table, waveform formats), it shows the file's facts, why, and the download.
 *
 * When the file has a finished level-of-detail tree (decision 226), the points come from the tree
 * instead (ept/): the nodes the camera sees, coarse and near first, within a point budget the
 * reader can change; until then the file streams as above, with the tree's progress shown.
 *
 * The root's `data-viewer-state` is "loading", then "ready" (every planned point drawn), or
 * "facts" (facts only) or "error"; `data-points-drawn` counts the points on screen. With a tree,
 * `data-point-source` is "tree", `data-points-loaded` the points held and `data-stream-state`
 * "loading" or "idle" (everything the view wants is held).
 */

export type TPointCloudViewerProps = {
  url: string;
  fileName: string;
  sizeBytes: number;
  pins?: readonly TViewerPin[];
  onPickPoint?: (pin: TViewerPin) => void;
  /** The file's streaming tree, when the portal lists one. */
  tree?: TPointTree | undefined;
  /** Drawn beside the view with its overlay: measurements and annotations (decision 240). */
  layer?: TCloudLayer | undefined;
};

type TViewerState = 'loading' | 'ready' | 'facts' | 'error';
type TVec3 = [number, number, number];

const VIEW_HEIGHT = 480;
/** Picked coordinates are rounded to this when the file states no step (float32 noise is below it). */
const PICK_RESOLUTION = 1e-4;

function factRows(facts: TCloudFacts): Array<readonly [string, string]> {
  return [
    ['Format', facts.version ? `${facts.format} ${facts.version}` : facts.format],
    ...(facts.pointCount === null ? [] : [['Points', facts.pointCount.toLocaleString('en')] as const]),
    ...(facts.bounds ? [['Bounds', formatBounds(facts.bounds)] as const] : []),
    ['Colour', facts.hasColor ? 'RGB' : 'None'],
  ];
}

export default function PointCloudViewer({
  url,
  fileName,
  sizeBytes,
  pins,
  onPickPoint,
  tree,
  layer,
}: TPointCloudViewerProps) {
  const webGl = useMemo(() => canUseWebGl(), []);
  return webGl ? (
    <StreamedCloud
      url={url}
      fileName={fileName}
      sizeBytes={sizeBytes}
      pins={pins}
      onPickPoint={onPickPoint}
      tree={tree}
      layer={layer}
    />
  ) : (
    <FactsOnly url={url} fileName={fileName} sizeBytes={sizeBytes} />
  );
}

/** No WebGL: the header's facts (one range request) and the download. */
function FactsOnly({ url, fileName, sizeBytes }: { url: string; fileName: string; sizeBytes: number }) {
  const [facts, setFacts] = useState<TCloudFacts | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    readCloudSource(url, fileName, abort.signal).then(
      (source) => setFacts(source.facts),
      () => {
        if (!abort.signal.aborted) setFailed(true);
      },
    );
    return () => abort.abort();
  }, [url, fileName]);
  return (
    <Box data-viewer-state={facts || failed ? 'facts' : 'loading'}>
      <CloudFacts
        url={url}
        fileName={fileName}
        sizeBytes={sizeBytes}
        note="This browser cannot draw 3D (WebGL is off or missing). Here are the file's facts; download it to open it in a desktop viewer."
        rows={facts ? factRows(facts) : []}
      />
    </Box>
  );
}

function StreamedCloud({ url, fileName, sizeBytes, pins, onPickPoint, tree, layer }: TPointCloudViewerProps) {
  const container = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<PointCloudScene | null>(null);
  const originRef = useRef<TVec3 | null>(null);
  const onPickRef = useRef(onPickPoint);
  onPickRef.current = onPickPoint;
  const [state, setState] = useState<TViewerState>('loading');
  const [facts, setFacts] = useState<TCloudFacts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [planned, setPlanned] = useState(0);
  const [loaded, setLoaded] = useState(0);
  const [drawn, setDrawn] = useState(0);
  const [origin, setOrigin] = useState<TVec3 | null>(null);
  const [pointSize, setPointSize] = useState(2);
  const [colorMode, setColorMode] = useState<TColorMode>('height');
  const [lastPick, setLastPick] = useState<TVec3 | null>(null);
  const [sceneLoaded, setSceneLoaded] = useState(false);
  const picking = Boolean(onPickPoint);
  const [treeRefused, setTreeRefused] = useState(false);
  const treeUrl = tree?.state === 'ready' && tree.url && !treeRefused ? tree.url : null;
  const [budget, setBudget] = useState(readPointBudget);
  const budgetRef = useRef(budget);
  budgetRef.current = budget;
  const treeStreamRef = useRef<ReturnType<typeof openTreeStream> | null>(null);
  const [pointsLoaded, setPointsLoaded] = useState(0);
  const [streamIdle, setStreamIdle] = useState(false);
  const cloudView = useCloudView(sceneRef, originRef, drawn > 0);
  const { frameDrawn, pickHandler } = cloudView;

  useEffect(() => {
    let disposed = false;
    let scene: PointCloudScene | null = null;
    const factsRef: { current: TCloudFacts | null } = { current: null };
    const queued: Extract<TWorkerMessage, { type: 'points' }>[] = [];
    performance.mark('point-cloud:viewer-start');
    // three.js loads in its own chunk while the worker reads the header.
    const sceneReady = import('./lib/point-cloud-scene.ts').then(({ PointCloudScene }) => {
      if (disposed || !container.current) return null;
      performance.mark('point-cloud:scene-loaded');
      let firstFrame = false;
      const onFrame = (count: number) => {
        // Marks for the bench (and anyone profiling): first points on screen, then all of them.
        if (count > 0 && !firstFrame) {
          firstFrame = true;
          performance.mark('point-cloud:first-frame');
        }
        setDrawn(count);
        frameDrawn();
      };
      scene = new PointCloudScene(container.current, onFrame, (position) => {
        const base = originRef.current;
        if (!base) return;
        // Report the file's own coordinates: the scene works relative to the origin.
        const step = factsRef.current?.resolution ?? PICK_RESOLUTION;
        const snap = (value: number) => Number((Math.round(value / step) * step).toFixed(12));
        const picked: TVec3 = [snap(position[0] + base[0]), snap(position[1] + base[1]), snap(position[2] + base[2])];
        setLastPick(picked);
        // A layer's tool (measuring) takes the pick while it is on.
        if (pickHandler.current) {
          pickHandler.current({ x: picked[0], y: picked[1], z: picked[2] });
          return;
        }
        onPickRef.current?.({ kind: 'model', x: picked[0], y: picked[1], z: picked[2] });
      });
      sceneRef.current = scene;
      performance.mark('point-cloud:scene-ready');
      setSceneLoaded(true);
      for (const batch of queued.splice(0)) addBatch(batch);
      return scene;
    });
    const absolute = (link: string) => new URL(link, window.location.href).href;
    if (treeUrl) {
      const stream = openTreeStream({
        treeUrl: absolute(treeUrl),
        fileUrl: absolute(url),
        fileName,
        budget: budgetRef.current,
        scene: sceneReady,
        callbacks: {
          onFacts(found) {
            factsRef.current = found;
            setFacts(found);
            setColorMode(found.hasColor ? 'rgb' : 'height');
          },
          onOrigin(at) {
            originRef.current = at;
            setOrigin(at);
          },
          onStats(stats) {
            setPointsLoaded(stats.pointsLoaded);
            setStreamIdle(stats.idle);
            if (stats.idle) setState((current) => (current === 'loading' ? 'ready' : current));
          },
          onRefused() {
            // The original still opens as before.
            setTreeRefused(true);
          },
        },
      });
      treeStreamRef.current = stream;
      return () => {
        disposed = true;
        treeStreamRef.current = null;
        stream.dispose();
        scene?.dispose();
        sceneRef.current = null;
        setSceneLoaded(false);
        originRef.current = null;
      };
    }
    const addBatch = (batch: Extract<TWorkerMessage, { type: 'points' }>) => {
      if (!scene) {
        queued.push(batch);
        return;
      }
      const relative = (value: TVec3): TVec3 => [
        value[0] - batch.origin[0],
        value[1] - batch.origin[1],
        value[2] - batch.origin[2],
      ];
      // A LAS header states the whole extent: frame it from the first batch, not just that batch's strip.
      const whole = factsRef.current?.bounds;
      if (whole) scene.extend(relative(whole.min), relative(whole.max));
      scene.addBatch(batch.positions, batch.colors, relative(batch.min), relative(batch.max));
    };

    const worker = new Worker(new URL('./lib/point-cloud-worker.ts', import.meta.url), { type: 'module' });
    let done = false;
    worker.onmessage = (event: MessageEvent<TWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'facts') {
        factsRef.current = message.facts;
        setFacts(message.facts);
        setPlanned(message.planned);
        setColorMode(message.facts.hasColor ? 'rgb' : 'height');
        if (message.facts.unreadable) setState('facts');
      } else if (message.type === 'points') {
        if (!originRef.current) {
          originRef.current = message.origin;
          setOrigin(message.origin);
        }
        setLoaded((count) => count + message.positions.length / 3);
        addBatch(message);
      } else if (message.type === 'done') {
        done = true;
        sceneReady.then(() => {
          if (disposed) return;
          performance.mark('point-cloud:ready');
          setState((current) => (current === 'loading' ? 'ready' : current));
        });
        worker.terminate();
      } else {
        setError(message.message);
        setState('error');
        worker.terminate();
      }
    };
    worker.onerror = () => {
      setError('The point cloud could not be read.');
      setState('error');
    };
    const request: TWorkerRequest = {
      type: 'open',
      // The worker resolves relative links against its own script's address: hand it an absolute one.
      url: new URL(url, window.location.href).href,
      fileName,
      sizeBytes,
      budget: DEFAULT_POINT_BUDGET,
    };
    worker.postMessage(request);
    return () => {
      disposed = true;
      if (!done) worker.terminate();
      scene?.dispose();
      sceneRef.current = null;
      setSceneLoaded(false);
      originRef.current = null;
    };
  }, [url, fileName, sizeBytes, treeUrl, frameDrawn, pickHandler]);

  useEffect(() => {
    treeStreamRef.current?.setBudget(budget);
  }, [budget]);

  // The scene appears after three.js has loaded: apply the current settings then, and on each change.
  useEffect(() => {
    if (sceneLoaded) sceneRef.current?.setPointSize(pointSize);
  }, [pointSize, sceneLoaded]);
  useEffect(() => {
    if (sceneLoaded) sceneRef.current?.setColorMode(colorMode);
  }, [colorMode, sceneLoaded]);
  useEffect(() => {
    if (!origin || !sceneLoaded) return;
    const modelPins = (pins ?? []).filter((pin) => pin.kind === 'model');
    sceneRef.current?.setPins(modelPins.map((pin) => [pin.x - origin[0], pin.y - origin[1], pin.z - origin[2]]));
  }, [pins, origin, sceneLoaded]);

  const total = facts?.pointCount ?? 0;
  const status =
    state === 'facts'
      ? null
      : state === 'error'
        ? null
        : facts
          ? `Showing ${formatPointCount(drawn)} of ${formatPointCount(total)} points${
              (treeUrl ? !streamIdle : state === 'loading' && loaded < planned) ? ' · loading…' : ''
            }`
          : 'Reading the file…';

  if (state === 'facts' && facts) {
    return (
      <Box data-viewer-state="facts">
        <CloudFacts
          url={url}
          fileName={fileName}
          sizeBytes={sizeBytes}
          rows={factRows(facts)}
          note={facts.unreadable}
        />
      </Box>
    );
  }

  return (
    <Stack
      gap="xs"
      data-viewer-state={state}
      data-points-drawn={drawn}
      data-point-source={treeUrl ? 'tree' : 'file'}
      {...(treeUrl ? { 'data-points-loaded': pointsLoaded, 'data-stream-state': streamIdle ? 'idle' : 'loading' } : {})}
    >
      {tree ? <PointTreeStatus tree={tree} showFailure={false} /> : null}
      <Group gap="sm" wrap="wrap">
        <Button size="xs" variant="default" onClick={() => sceneRef.current?.fit()} disabled={drawn === 0}>
          Fit to view
        </Button>
        <Group gap={6} wrap="nowrap" w={200}>
          <Text size="sm" id="point-size-label">
            Point size
          </Text>
          <Slider
            aria-labelledby="point-size-label"
            flex={1}
            min={1}
            max={10}
            step={1}
            value={pointSize}
            onChange={setPointSize}
          />
        </Group>
        <SegmentedControl
          size="xs"
          aria-label="Colour"
          value={colorMode}
          onChange={(value) => setColorMode(value as TColorMode)}
          data={[
            { label: 'RGB', value: 'rgb', disabled: !facts?.hasColor },
            { label: 'Height', value: 'height' },
          ]}
        />
        {treeUrl ? (
          <NativeSelect
            size="xs"
            aria-label="Point budget"
            value={String(budget)}
            onChange={(event) => {
              const chosen = Number(event.currentTarget.value);
              setBudget(chosen);
              savePointBudget(chosen);
            }}
            data={POINT_BUDGET_CHOICES.map((choice) => ({
              value: String(choice),
              label: `Up to ${formatPointCount(choice)} points`,
            }))}
          />
        ) : null}
      </Group>
      {error ? (
        <Alert color="red" title="The point cloud could not be shown">
          {error}
        </Alert>
      ) : null}
      <Flex direction={{ base: 'column', md: 'row' }} gap="sm" align="stretch">
        <Box pos="relative" flex={1} miw={0}>
          <Box
            ref={container}
            h={VIEW_HEIGHT}
            role="img"
            aria-label={`Point cloud ${fileName}`}
            style={{
              position: 'relative',
              borderRadius: 'var(--mantine-radius-sm)',
              overflow: 'hidden',
              cursor: picking || layer ? 'crosshair' : 'grab',
            }}
          />
          {layer ? (
            <Box
              ref={cloudView.overlayRef}
              pos="absolute"
              inset={0}
              style={{ pointerEvents: 'none', overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)' }}
            />
          ) : null}
        </Box>
        {layer ? (
          <Box w={{ base: '100%', md: 320 }} style={{ flexShrink: 0 }}>
            {layer(cloudView.view)}
          </Box>
        ) : null}
      </Flex>
      <Group justify="space-between" gap="xs">
        <Text size="sm" role="status">
          {status}
        </Text>
        {picking ? (
          <Text size="sm" c="dimmed">
            {lastPick ? `Picked ${formatTriple(lastPick)}` : 'Click a point to pin a comment to it.'}
          </Text>
        ) : null}
      </Group>
      {facts ? <CloudFacts url={url} fileName={fileName} sizeBytes={sizeBytes} rows={factRows(facts)} /> : null}
    </Stack>
  );
}
