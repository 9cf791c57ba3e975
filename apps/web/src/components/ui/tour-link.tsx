import { Anchor, Box, Stack } from '@mantine/core';
import { TOUR_FRAME_ALLOW, TOUR_FRAME_SANDBOX, type TTourView } from '@spacecapture/shared/contracts/tour-links';
import { useEffect, useRef } from 'react';

/** A tour opened away from our page: a new tab that cannot reach back to it, and no referrer. */
export function TourNewTabLink({ title, url, onOpen }: { title: string; url: string; onOpen?: () => void }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" onClick={onOpen} size="sm">
      Open {title} in a new tab
    </Anchor>
  );
}

/**
 * A tour-link deliverable (decision 233). Where its host allows framing, the tour is shown in a
 * sandboxed frame (its own scripts and origin, nothing of ours; the policy's frame-src lists the
 * host), with a new-tab link beside it; otherwise only the new-tab link. `onShown` is told once
 * when the frame is shown (a share page counts it as an open).
 */
export function TourLink({
  title,
  tour,
  onShown,
  onOpen,
}: {
  title: string;
  tour: TTourView;
  onShown?: () => void;
  onOpen?: () => void;
}) {
  const told = useRef(false);
  useEffect(() => {
    if (!tour.embeddable || told.current) return;
    told.current = true;
    onShown?.();
  }, [tour.embeddable, onShown]);
  if (!tour.embeddable) return <TourNewTabLink title={title} url={tour.url} {...(onOpen ? { onOpen } : {})} />;
  return (
    <Stack gap={4}>
      <Box style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9' }}>
        <iframe
          src={tour.url}
          title={`Virtual tour: ${title}`}
          sandbox={TOUR_FRAME_SANDBOX}
          allow={TOUR_FRAME_ALLOW}
          referrerPolicy="no-referrer"
          loading="lazy"
          allowFullScreen
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
      <TourNewTabLink title={title} url={tour.url} {...(onOpen ? { onOpen } : {})} />
    </Stack>
  );
}
