import { Anchor, Stack, Table, Text } from '@mantine/core';
import { formatFileSize } from '@spacecapture/shared/file-size';
import type { ReactNode } from 'react';

/** A coordinate triple as the file states it, to the millimetre. */
export function formatTriple(values: readonly number[]): string {
  return values.map((value) => value.toLocaleString('en', { maximumFractionDigits: 3 })).join(', ');
}

export function formatBounds(bounds: { min: readonly number[]; max: readonly number[] }): string {
  return `${formatTriple(bounds.min)} to ${formatTriple(bounds.max)}`;
}

/**
 * The facts of a point file and its download: what the viewer shows when it cannot draw the points
 * (no WebGL, a format with no web loader), so the reader never faces an empty box.
 */
export function CloudFacts(props: {
  fileName: string;
  url: string;
  sizeBytes: number;
  rows: ReadonlyArray<readonly [string, ReactNode]>;
  note?: string | null;
  children?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      {props.note ? <Text size="sm">{props.note}</Text> : null}
      <Table aria-label={`Facts of ${props.fileName}`} withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">File</Table.Th>
            <Table.Td>
              {props.fileName} ({formatFileSize(props.sizeBytes)})
            </Table.Td>
          </Table.Tr>
          {props.rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {props.children}
      <Anchor href={props.url} download={props.fileName}>
        Download {props.fileName}
      </Anchor>
    </Stack>
  );
}
