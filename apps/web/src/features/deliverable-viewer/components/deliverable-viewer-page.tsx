import { Anchor, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { TPortal } from '@spacecapture/shared/roles';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import type { TCloudLayer } from '../../../lib/cloud-view.ts';
import { createViewerLink } from '../api/create-viewer-link.ts';
import { type TOrderFile, useOrderFiles } from '../api/get-order-files.ts';
import { DeliverableViewer, type TDeliverableViewerProps } from '../deliverable-viewer.tsx';

/** Where each portal lists an order's files, for the way back. */
const BACK: Record<TPortal, { to: string; label: string }> = {
  customer: { to: PORTAL_PATHS.customer.orders, label: 'Back to Orders' },
  provider: { to: PORTAL_PATHS.provider.uploads, label: 'Back to Uploads' },
  admin: { to: PORTAL_PATHS.admin.orders, label: 'Back to Orders' },
};

/**
 * A signed link to the file, fetched when the page opens; `renew` fetches a fresh one (links live
 * 300 seconds, and a viewer may need the file again later: video ranges, a Download).
 */
function useSignedLink(portal: TPortal, fileId: string) {
  const [link, setLink] = useState<{ url: string } | { error: unknown } | null>(null);
  const renew = useCallback(async () => {
    const fresh = await createViewerLink(portal, fileId);
    setLink({ url: fresh.url });
    return fresh.url;
  }, [portal, fileId]);
  useEffect(() => {
    let current = true;
    createViewerLink(portal, fileId).then(
      (fresh) => current && setLink({ url: fresh.url }),
      (error: unknown) => current && setLink({ error }),
    );
    return () => {
      current = false;
    };
  }, [portal, fileId]);
  return { link, renew };
}

/**
 * Review pins for the file's viewer: markers to show and, while changes may be asked, the comment
 * box a picked point opens; `notice` stands above the viewer (the comments not sent yet).
 */
export type TViewerPinning = Pick<TDeliverableViewerProps, 'pins' | 'pinComposer'> & {
  notice?: ReactNode;
};

/**
 * Text laid over the viewer while the order's downloads wait for its invoice (decision 211). It
 * takes no pointer events, so the viewer under it still turns, zooms and plays.
 */
function Watermark({ text }: { text: string }) {
  return (
    <Box
      role="note"
      pos="absolute"
      inset={0}
      style={{
        pointerEvents: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        zIndex: 2,
        overflow: 'hidden',
      }}
    >
      <Text
        fw={700}
        ta="center"
        px="md"
        py="xs"
        maw="90%"
        style={{
          transform: 'rotate(-12deg)',
          color: '#fff',
          background: 'rgba(0, 0, 0, 0.62)',
          borderRadius: 'var(--mantine-radius-md)',
          fontSize: 'clamp(14px, 2.4vw, 22px)',
          userSelect: 'none',
        }}
      >
        {text}
      </Text>
    </Box>
  );
}

function ViewerBody({
  portal,
  file,
  files,
  pinning,
  watermark,
  cloudLayer,
}: {
  portal: TPortal;
  file: TOrderFile;
  files: readonly TOrderFile[];
  pinning: TViewerPinning;
  watermark?: string | null;
  cloudLayer?: TCloudLayer | undefined;
}) {
  const { notice, ...viewerPinning } = pinning;
  const { link, renew } = useSignedLink(portal, file.id);
  // An OBJ's MTL and textures: the order's other files of that name (the newest, as the list is newest first).
  const resolveRelated = useCallback(
    async (name: string) => {
      const sibling = files.find(
        (candidate) => candidate.id !== file.id && candidate.name.toLowerCase() === name.toLowerCase(),
      );
      return sibling ? (await createViewerLink(portal, sibling.id)).url : null;
    },
    [files, file.id, portal],
  );
  if (!link) {
    return (
      <Center h={240}>
        <Loader />
      </Center>
    );
  }
  if ('error' in link) return <QueryError error={link.error} what="the file" />;
  return (
    <Stack gap="md">
      {notice}
      <Box pos="relative">
        <DeliverableViewer
          file={{ id: file.id, name: file.name, sizeBytes: file.sizeBytes }}
          url={link.url}
          renewUrl={renew}
          resolveRelated={resolveRelated}
          downloadLocked={Boolean(watermark)}
          pointTree={file.pointTree}
          cloudLayer={cloudLayer}
          {...viewerPinning}
        />
        {watermark ? <Watermark text={watermark} /> : null}
      </Box>
    </Stack>
  );
}

/** `<portal>/orders/:orderId/files/:fileId`: one deliverable in its viewer, in any of the three portals. */
export function DeliverableViewerPage({
  portal,
  orderId,
  fileId,
  pinningFor,
  watermark,
  cloudLayerFor,
}: {
  portal: TPortal;
  orderId: string;
  fileId: string;
  /** Laid over the viewer, such as while the order's downloads wait for payment. */
  watermark?: string | null;
  /** The review's pins for a file of this order (the customer's portal passes them). */
  pinningFor?: (file: TOrderFile) => TViewerPinning;
  /** Measurements and annotations drawn with a point cloud of this order (the routes pass them). */
  cloudLayerFor?: (file: TOrderFile) => TCloudLayer;
}) {
  const files = useOrderFiles(portal, orderId);
  const file = files.data?.find((candidate) => candidate.id === fileId);
  const back = BACK[portal];
  return (
    <PortalPage
      title={file?.name ?? 'Deliverable'}
      description={
        <Anchor component={AppLink} to={back.to} size="sm">
          {back.label}
        </Anchor>
      }
    >
      {files.isPending ? (
        <Center h={240}>
          <Loader />
        </Center>
      ) : files.isError ? (
        <QueryError error={files.error} onRetry={() => void files.refetch()} what="the file" />
      ) : file ? (
        <ViewerBody
          key={file.id}
          portal={portal}
          file={file}
          files={files.data}
          pinning={pinningFor?.(file) ?? {}}
          watermark={watermark}
          cloudLayer={cloudLayerFor?.(file)}
        />
      ) : (
        <Text c="dimmed">File not found.</Text>
      )}
    </PortalPage>
  );
}
