import { Box, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { TViewerFileLink } from '../lib/fetch-file.ts';

/**
 * MP4 in the browser's own player, streamed from the signed link by Range requests. When the link
 * expires mid-way the next range is refused: the player gets a fresh link and resumes where it was.
 */
export default function VideoViewer({ file, url, renewUrl }: TViewerFileLink) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [source, setSource] = useState(url);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const renewed = useRef(false);
  const resumeAt = useRef(0);

  const onMetadata = (video: HTMLVideoElement) => {
    if (resumeAt.current > 0) video.currentTime = resumeAt.current;
    renewed.current = false;
    setState('ready');
  };

  // Listened to on the element itself, and looked at once: the metadata of a small file may have
  // arrived before any listener was attached.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attached again for each new source
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const loaded = () => onMetadata(video);
    video.addEventListener('loadedmetadata', loaded);
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) loaded();
    return () => video.removeEventListener('loadedmetadata', loaded);
  }, [source]);

  const onError = async () => {
    const video = videoRef.current;
    if (!video || !renewUrl || renewed.current) {
      setState('error');
      return;
    }
    renewed.current = true;
    resumeAt.current = video.currentTime;
    setSource(await renewUrl());
  };

  return (
    <Box data-viewer="video" data-viewer-state={state}>
      {state === 'error' ? (
        <Text c="red" size="sm" role="alert" mb="xs">
          This video could not be played here. Use Download to open it on your computer.
        </Text>
      ) : null}
      {/* biome-ignore lint/a11y/useMediaCaption: deliverable videos come without caption tracks */}
      <video
        ref={videoRef}
        src={source}
        controls
        preload="metadata"
        aria-label={file.name}
        style={{ width: '100%', maxHeight: 640, borderRadius: 8, background: '#000' }}
        onError={() => void onError()}
      />
    </Box>
  );
}
