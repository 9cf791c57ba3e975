import { Box, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CloudFacts, formatBounds } from './cloud-facts.tsx';
import {
  E57_HEADER_BYTES,
  parseE57Header,
  parseE57Xml,
  stripPageChecksums,
  type TE57Metadata,
  unionBounds,
  xmlPhysicalRange,
} from './lib/e57.ts';
import { fetchRange } from './lib/fetch-range.ts';

/**
 * An E57 file's facts, read in the browser by two range requests (the 48-byte header, then its XML
 * section): version, point count, bounds and each scan. Shown until the file's streaming tree is
 * ready (the points are drawn from the tree, decision 244), or for good when none could be made;
 * the download opens the file itself. `data-viewer-state`: "loading", then "ready" or "error".
 */

export async function readE57Metadata(url: string, signal?: AbortSignal): Promise<TE57Metadata> {
  const head = await fetchRange(url, 0, E57_HEADER_BYTES - 1, signal);
  const header = parseE57Header(head.buffer.slice(head.byteOffset, head.byteOffset + head.byteLength) as ArrayBuffer);
  const range = xmlPhysicalRange(header);
  const physical = await fetchRange(url, range.start, range.end, signal);
  const logical = stripPageChecksums(physical, range.start, header.pageSize).subarray(0, header.xmlLogicalLength);
  return parseE57Xml(new TextDecoder().decode(logical), header);
}

export default function E57Metadata({
  url,
  fileName,
  sizeBytes,
}: {
  url: string;
  fileName: string;
  sizeBytes: number;
}) {
  const [metadata, setMetadata] = useState<TE57Metadata | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    setMetadata(null);
    setError(null);
    readE57Metadata(url, abort.signal).then(setMetadata, (reason: unknown) => {
      if (abort.signal.aborted) return;
      setError(reason instanceof Error ? reason.message : 'The E57 header could not be read.');
    });
    return () => abort.abort();
  }, [url]);

  const bounds = metadata ? unionBounds(metadata.scans) : null;
  const rows: Array<readonly [string, string]> = metadata
    ? [
        ['Format', `E57 ${metadata.version}`],
        ['Points', metadata.pointCount.toLocaleString('en')],
        ['Scans', String(metadata.scans.length)],
        ...(bounds ? [['Bounds', formatBounds(bounds)] as const] : []),
        ...(metadata.images > 0 ? [['Images', String(metadata.images)] as const] : []),
      ]
    : [['Format', 'E57']];
  return (
    <Box data-viewer-state={metadata ? 'ready' : error ? 'error' : 'loading'}>
      <CloudFacts
        url={url}
        fileName={fileName}
        sizeBytes={sizeBytes}
        rows={rows}
        note={
          error
            ? `${error} Download the file to open it.`
            : 'E57 scans are not drawn in the browser; here are the file’s facts. Download it to open the points.'
        }
      >
        {metadata && metadata.scans.length > 0 ? (
          <Table aria-label={`Scans in ${fileName}`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Scan</Table.Th>
                <Table.Th>Points</Table.Th>
                <Table.Th>Bounds (scan coordinates)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {metadata.scans.map((scan, index) => (
                <Table.Tr key={scan.guid ?? index}>
                  <Table.Td>{scan.name ?? `Scan ${index + 1}`}</Table.Td>
                  <Table.Td>{scan.pointCount.toLocaleString('en')}</Table.Td>
                  <Table.Td>
                    {scan.bounds ? (
                      formatBounds(scan.bounds)
                    ) : scan.rangeMaximum !== null ? (
                      // A spherical scan often states only how far its scanner reached (E57 speaks metres).
                      `Within ${scan.rangeMaximum.toLocaleString('en', { maximumFractionDigits: 2 })} m of the scanner`
                    ) : (
                      <Text span c="dimmed">
                        Not stated
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </CloudFacts>
    </Box>
  );
}
