import { Box, Button, Group, Text } from '@mantine/core';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchFile, type TRenewUrl, type TViewerFileLink } from '../lib/fetch-file.ts';
import { extensionOf, looksEquirectangular, type TViewerFile } from '../lib/viewer-kind.ts';

/* three.js comes with the panorama only. */
const PanoramaViewer = lazy(() => import('./panorama-viewer.tsx'));

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
const FIT = 3; // index of 1 (fit to width)

type TImageViewerProps = TViewerFileLink & {
  webgl: boolean;
  pins?: readonly TViewerPin[];
  onPickPoint?: (pin: TViewerPin) => void;
};

/** Decodes the image at `src`, renewing an expired signed link once. */
async function decodeFrom(src: string, renewUrl: TRenewUrl | undefined) {
  const element = new Image();
  element.src = src;
  try {
    await element.decode();
    return element;
  } catch (error) {
    if (!renewUrl) throw error;
    element.src = await renewUrl();
    await element.decode();
    return element;
  }
}

/**
 * Loads the image from its signed link. A raster image is read into memory (a blob the page can
 * keep after the link expires). An SVG is drawn straight from its link and never made a blob: a
 * same-origin blob of SVG opened in a tab of its own would run its script with the user's session,
 * while the link's answer is a sandboxed download when opened as a page (decision 172).
 */
function useImage(file: TViewerFile, url: string, renewUrl: TRenewUrl | undefined) {
  const [image, setImage] = useState<{ src: string; element: HTMLImageElement } | 'error' | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the image loads once per file, whatever link renewals follow
  useEffect(() => {
    const abort = new AbortController();
    let blobUrl: string | null = null;
    const loading =
      extensionOf(file.name) === 'svg'
        ? decodeFrom(url, renewUrl)
        : fetchFile(url, { renewUrl, signal: abort.signal })
            .then((response) => response.blob())
            .then((blob) => {
              blobUrl = URL.createObjectURL(blob);
              return decodeFrom(blobUrl, undefined);
            });
    loading
      .then((element) => {
        if (!abort.signal.aborted) setImage({ src: element.src, element });
      })
      .catch(() => {
        if (!abort.signal.aborted) setImage('error');
      });
    return () => {
      abort.abort();
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [file.id]);
  return image;
}

/**
 * PNG, JPEG, SVG, WebP with zoom; a 2:1 image opens as a 360° panorama (when the browser has
 * WebGL), and the reader can switch between the two.
 */
export default function ImageViewer({ file, url, renewUrl, webgl, pins, onPickPoint }: TImageViewerProps) {
  const image = useImage(file, url, renewUrl);
  const [zoom, setZoom] = useState(FIT);
  const [asPanorama, setAsPanorama] = useState<boolean | null>(null);

  if (image === 'error') {
    return (
      <Text c="red" size="sm" role="alert" data-viewer-state="error">
        This image could not be opened. Use Download to open it on your computer.
      </Text>
    );
  }
  if (!image) return <Box data-viewer="image" data-viewer-state="loading" mih={240} />;

  const canPanorama = webgl && extensionOf(file.name) !== 'svg';
  const panorama =
    canPanorama && (asPanorama ?? looksEquirectangular(image.element.naturalWidth, image.element.naturalHeight));
  const switchButton = canPanorama ? (
    <Button size="xs" variant="subtle" onClick={() => setAsPanorama(!panorama)}>
      {panorama ? 'View as flat image' : 'View as 360° panorama'}
    </Button>
  ) : null;

  if (panorama) {
    return (
      <Suspense fallback={<Box data-viewer-state="loading" mih={240} />}>
        <PanoramaViewer image={image.element} {...(pins ? { pins } : {})} {...(onPickPoint ? { onPickPoint } : {})}>
          {switchButton}
        </PanoramaViewer>
      </Suspense>
    );
  }

  const scale = ZOOM_STEPS[zoom] ?? 1;
  return (
    <Box data-viewer="image" data-viewer-state="ready">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            aria-label="Zoom out"
            disabled={zoom === 0}
            onClick={() => setZoom(zoom - 1)}
          >
            −
          </Button>
          <Button size="xs" variant="light" onClick={() => setZoom(FIT)}>
            Fit
          </Button>
          <Button
            size="xs"
            variant="light"
            aria-label="Zoom in"
            disabled={zoom === ZOOM_STEPS.length - 1}
            onClick={() => setZoom(zoom + 1)}
          >
            +
          </Button>
          {switchButton}
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {Math.round(scale * 100)}%
        </Text>
      </Group>
      <Box
        mt="xs"
        style={{ overflow: 'auto', maxHeight: 640, borderRadius: 8, background: 'var(--mantine-color-gray-1)' }}
      >
        <img
          src={image.src}
          alt={file.name}
          style={{ display: 'block', width: `${scale * 100}%`, maxWidth: 'none', height: 'auto' }}
        />
      </Box>
    </Box>
  );
}
