import { Box, Button, Group, Text } from '@mantine/core';
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist';
// The worker is a file of our own build, served from our origin (no CDN; the CSP allows only 'self').
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { fetchFile, type TRenewUrl } from '../lib/fetch-file.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const START_ZOOM = 2; // 100 %

/** A PDF (floor plans, reports) page by page, with zoom and page navigation. */
export default function PdfViewer({ url, renewUrl }: { url: string; renewUrl?: TRenewUrl | undefined }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | 'error' | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(START_ZOOM);
  const [rendered, setRendered] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the document loads once, whatever link renewals follow
  useEffect(() => {
    const abort = new AbortController();
    let task: PDFDocumentLoadingTask | null = null;
    fetchFile(url, { renewUrl, signal: abort.signal })
      .then((response) => response.arrayBuffer())
      .then((data) => {
        if (abort.signal.aborted) return null;
        task = getDocument({ data });
        return task.promise;
      })
      .then((document) => {
        if (document && !abort.signal.aborted) setPdf(document);
      })
      .catch(() => {
        if (!abort.signal.aborted) setPdf('error');
      });
    return () => {
      abort.abort();
      void task?.destroy();
    };
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || pdf === 'error' || !canvas) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    setRendered(false);
    void pdf.getPage(pageNumber).then((page) => {
      if (cancelled) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (ZOOMS[zoom] ?? 1) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      task = page.render({ canvas, viewport });
      task.promise.then(
        () => {
          if (!cancelled) setRendered(true);
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, zoom]);

  if (pdf === 'error') {
    return (
      <Text c="red" size="sm" role="alert" data-viewer-state="error">
        This PDF could not be opened. Use Download to open it on your computer.
      </Text>
    );
  }
  const pages = pdf?.numPages ?? 0;
  return (
    <Box data-viewer="pdf" data-viewer-state={rendered ? 'ready' : 'loading'}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button size="xs" variant="light" disabled={pageNumber <= 1} onClick={() => setPageNumber(pageNumber - 1)}>
            Previous page
          </Button>
          <Text size="sm" aria-live="polite">
            {pages ? `Page ${pageNumber} of ${pages}` : 'Opening…'}
          </Text>
          <Button
            size="xs"
            variant="light"
            disabled={pageNumber >= pages}
            onClick={() => setPageNumber(pageNumber + 1)}
          >
            Next page
          </Button>
        </Group>
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
          <Text size="sm" c="dimmed">
            {Math.round((ZOOMS[zoom] ?? 1) * 100)}%
          </Text>
          <Button
            size="xs"
            variant="light"
            aria-label="Zoom in"
            disabled={zoom === ZOOMS.length - 1}
            onClick={() => setZoom(zoom + 1)}
          >
            +
          </Button>
        </Group>
      </Group>
      <Box
        mt="xs"
        style={{ overflow: 'auto', maxHeight: 720, borderRadius: 8, background: 'var(--mantine-color-gray-1)' }}
      >
        <canvas ref={canvasRef} aria-label={`Page ${pageNumber}`} style={{ display: 'block', margin: '0 auto' }} />
      </Box>
    </Box>
  );
}
