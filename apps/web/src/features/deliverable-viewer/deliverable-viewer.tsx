import { Box, Center, CloseButton, Loader, Paper, Stack } from '@mantine/core';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import {
  lazy,
  type PointerEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { TCloudLayer } from '../../lib/cloud-view.ts';
import { FileFacts } from './components/file-facts.tsx';
import { ViewerFallback } from './components/viewer-fallback.tsx';
import { fetchFile, type TRenewUrl } from './lib/fetch-file.ts';
import { extensionOf, plyHasFaces, type TViewerFile, viewerKindOf } from './lib/viewer-kind.ts';
import { hasWebGL } from './lib/webgl.ts';
import { prestartTree } from './point-cloud/ept/tree-prestart.ts';

/* Each viewer is its own chunk, loaded only when a file of its type is opened (three.js, pdf.js). */
const ModelViewer = lazy(() => import('./components/model-viewer.tsx'));
const ImageViewer = lazy(() => import('./components/image-viewer.tsx'));
const PdfViewer = lazy(() => import('./components/pdf-viewer.tsx'));
const VideoViewer = lazy(() => import('./components/video-viewer.tsx'));
const PointCloudViewer = lazy(() => import('./point-cloud/point-cloud-viewer.tsx'));
const E57Metadata = lazy(() => import('./point-cloud/e57-metadata.tsx'));

export type TDeliverableViewerProps = {
  file: TViewerFile;
  /** A signed link to the file (Range supported). */
  url: string;
  /** Markers to show in the 3D and panorama viewers. */
  pins?: readonly TViewerPin[];
  /**
   * When given, the 3D and panorama viewers offer "Pin a comment", and a click on a point opens
   * what this returns in a box inside the viewer, at that point (the review's comment box);
   * `close` closes the box.
   */
  pinComposer?: (pin: TViewerPin, close: () => void) => ReactNode;
  /** A fresh link when `url` has expired (the portals renew; a share page may not need to). */
  renewUrl?: TRenewUrl;
  /** A link to another file of the same order by its name (an OBJ's MTL and textures), or null. */
  resolveRelated?: (fileName: string) => Promise<string | null>;
  /** While the order's downloads wait for payment (decision 211), Download is offered disabled. */
  downloadLocked?: boolean;
  /** A point cloud's streaming tree (decision 226), when the file list carries one. */
  pointTree?: TPointTree | undefined;
  /** Drawn with a point cloud: measurements and annotations (decision 240). */
  cloudLayer?: TCloudLayer | undefined;
};

const PLY_HEADER_BYTES = 4096;

/** Reads a PLY's header through a Range request: a mesh opens in the 3D viewer, points in the point-cloud one. */
function usePlyKind(url: string, enabled: boolean, renewUrl: TRenewUrl | undefined) {
  const [kind, setKind] = useState<'model' | 'point-cloud' | 'unknown' | null>(null);
  // The header is read once per file; a renewed link does not change it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    fetchFile(url, { renewUrl, range: { start: 0, end: PLY_HEADER_BYTES - 1 }, signal: abort.signal })
      .then((response) => response.arrayBuffer())
      .then((bytes) => {
        const faces = plyHasFaces(new TextDecoder('latin1').decode(bytes));
        setKind(faces === null ? 'unknown' : faces ? 'model' : 'point-cloud');
      })
      .catch(() => {
        if (!abort.signal.aborted) setKind('unknown');
      });
    return () => abort.abort();
  }, [enabled]);
  return kind;
}

function ViewerLoading() {
  return (
    <Center h={240} data-viewer-state="loading">
      <Loader />
    </Center>
  );
}

/** Widest the comment box opened at a picked point gets; narrower on a narrow viewer. */
const COMPOSER_WIDTH = 320;

/**
 * The comment box opened at a picked point. The viewers report the point picked, not where on the
 * screen it was, and they pick on pointer release: the release just before is that place, noted
 * here in the capture phase, before the viewer's own listener runs.
 */
function usePinComposer(pinComposer: TDeliverableViewerProps['pinComposer']) {
  const released = useRef<{ x: number; y: number; width: number }>({ x: 0, y: 0, width: COMPOSER_WIDTH });
  const [open, setOpen] = useState<{ pin: TViewerPin; x: number; y: number; width: number } | null>(null);

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    released.current = { x: event.clientX - box.left, y: event.clientY - box.top, width: box.width };
  };
  const pick = pinComposer ? (pin: TViewerPin) => setOpen({ pin, ...released.current }) : undefined;

  let box: ReactNode = null;
  if (open && pinComposer) {
    const width = Math.min(COMPOSER_WIDTH, open.width);
    // Under the point, kept inside the viewer's width.
    const left = Math.max(0, Math.min(open.x - width / 2, open.width - width));
    const close = () => setOpen(null);
    box = (
      <>
        <Box
          aria-hidden="true"
          data-testid="picked-point"
          pos="absolute"
          left={open.x - 6}
          top={open.y - 6}
          w={12}
          h={12}
          style={{
            borderRadius: '50%',
            border: '2px solid white',
            background: 'var(--mantine-color-orange-6)',
            pointerEvents: 'none',
          }}
        />
        <Paper
          role="dialog"
          aria-label="Comment at the picked point"
          shadow="md"
          withBorder
          radius="md"
          p="sm"
          pos="absolute"
          left={left}
          top={open.y + 12}
          w={width}
          style={{ zIndex: 2 }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <CloseButton aria-label="Close the comment" size="sm" pos="absolute" right={6} top={6} onClick={close} />
          {/* A new point, a new box: what was typed for another point is not carried over. */}
          <Box key={JSON.stringify(open.pin)}>{pinComposer(open.pin, close)}</Box>
        </Paper>
      </>
    );
  }
  return { onPickPoint: pick, onPointerUp, box };
}

/**
 * A deliverable's facts, its Download and the viewer for its type: 3D model, panorama or image,
 * PDF, video, or (for types with no viewer here, and browsers without WebGL) the facts alone.
 * Used by the portals' viewer page and by pages outside the portals (a public share).
 */
export function DeliverableViewer({
  file,
  url,
  pins,
  pinComposer,
  renewUrl,
  resolveRelated,
  downloadLocked,
  pointTree,
  cloudLayer,
}: TDeliverableViewerProps) {
  const webgl = useMemo(() => hasWebGL(), []);
  const baseKind = viewerKindOf(file);
  const plyKind = usePlyKind(url, baseKind === 'ply' && webgl, renewUrl);
  // Without WebGL a PLY's header is not read: mesh or cloud, it cannot be drawn either way.
  const kind = baseKind === 'ply' ? (webgl ? plyKind : 'model') : baseKind;
  const composing = usePinComposer(pinComposer);
  // A ready tree starts loading now, while the viewer's chunk and three.js load (decision 245);
  // a layout effect, so it runs before the viewer's own effects when its chunk is already here.
  const streamedTree =
    kind === 'point-cloud' && webgl && extensionOf(file.name) !== 'e57' && pointTree?.state === 'ready'
      ? pointTree.url
      : null;
  useLayoutEffect(() => {
    if (streamedTree) prestartTree(streamedTree, url, file.name);
  }, [streamedTree, url, file.name]);
  const pinProps = {
    ...(pins ? { pins } : {}),
    ...(composing.onPickPoint ? { onPickPoint: composing.onPickPoint } : {}),
  };

  let viewer: ReactNode;
  switch (kind) {
    case null:
      viewer = <ViewerLoading />;
      break;
    case 'model':
      viewer = webgl ? (
        <ModelViewer file={file} url={url} renewUrl={renewUrl} resolveRelated={resolveRelated} {...pinProps} />
      ) : (
        <ViewerFallback reason="This browser cannot show 3D (WebGL is off or not supported)." />
      );
      break;
    case 'point-cloud':
      // E57 has no web loader of its own: until its streaming tree is ready (decision 244), its facts
      // and scans, read from its header. The others stream their points by level of detail (the
      // tree once ready); without WebGL that viewer shows the facts alone.
      viewer =
        extensionOf(file.name) === 'e57' && pointTree?.state !== 'ready' ? (
          <E57Metadata url={url} fileName={file.name} sizeBytes={file.sizeBytes} />
        ) : (
          <PointCloudViewer
            url={url}
            fileName={file.name}
            sizeBytes={file.sizeBytes}
            tree={pointTree}
            layer={cloudLayer}
            {...pinProps}
          />
        );
      break;
    case 'image':
      viewer = <ImageViewer file={file} url={url} renewUrl={renewUrl} webgl={webgl} {...pinProps} />;
      break;
    case 'pdf':
      viewer = <PdfViewer url={url} renewUrl={renewUrl} />;
      break;
    case 'video':
      viewer = <VideoViewer file={file} url={url} renewUrl={renewUrl} />;
      break;
    default:
      viewer = <ViewerFallback reason="This type of file has no preview." />;
  }

  return (
    <Stack gap="md">
      <FileFacts file={file} url={url} renewUrl={renewUrl} downloadLocked={downloadLocked} />
      <Box pos="relative" onPointerUpCapture={composing.onPointerUp}>
        <Suspense fallback={<ViewerLoading />}>{viewer}</Suspense>
        {composing.box}
      </Box>
    </Stack>
  );
}
