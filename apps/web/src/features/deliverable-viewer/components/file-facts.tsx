import { Button, Group, SimpleGrid } from '@mantine/core';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { useState } from 'react';
import { Fact } from '../../../components/portal/fact.tsx';
import { startDownload } from '../../../lib/start-download.ts';
import type { TViewerFileLink } from '../lib/fetch-file.ts';
import { typeLabelOf } from '../lib/viewer-kind.ts';

/** The file's name, size and type, and Download (through a fresh link when one can be had). */
export function FileFacts({
  file,
  url,
  renewUrl,
  downloadLocked,
}: TViewerFileLink & { downloadLocked?: boolean | undefined }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      startDownload(renewUrl ? await renewUrl() : url, file.name);
    } finally {
      setPending(false);
    }
  };
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" style={{ flex: 1 }}>
        <Fact label="File">{file.name}</Fact>
        <Fact label="Size">{formatFileSize(file.sizeBytes)}</Fact>
        <Fact label="Type">{typeLabelOf(file)}</Fact>
      </SimpleGrid>
      {downloadLocked ? (
        <Button variant="light" disabled aria-label={`Download ${file.name}: waits for payment`}>
          Download
        </Button>
      ) : (
        <Button variant="light" loading={pending} aria-label={`Download ${file.name}`} onClick={() => void download()}>
          Download
        </Button>
      )}
    </Group>
  );
}
