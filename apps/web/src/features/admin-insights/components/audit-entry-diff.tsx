import { Badge, Code, Table, Text } from '@mantine/core';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { diffJson, type TDiffChange } from '../lib/json-diff.ts';

const CHANGE_COLORS: Record<TDiffChange, string> = {
  added: 'teal',
  removed: 'red',
  changed: 'yellow',
  unchanged: 'gray',
};

function Value({ value }: { value: string | null }) {
  if (value === null) return <Text c="dimmed">—</Text>;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {value}
    </Code>
  );
}

/** An audit entry's before and after, field by field, changes first. */
export function AuditEntryDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffJson(before, after);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No before or after recorded.
      </Text>
    );
  }
  return (
    <DataTable
      label="Changes"
      minWidth={560}
      verticalSpacing={4}
      fz="sm"
      columns={['Field', 'Change', 'Before', 'After']}
    >
      {rows.map((row) => (
        <Table.Tr key={row.path} data-change={row.change}>
          <Table.Td ff="monospace">{row.path}</Table.Td>
          <Table.Td>
            <Badge color={CHANGE_COLORS[row.change]} variant="light" radius="sm">
              {row.change}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Value value={row.before} />
          </Table.Td>
          <Table.Td>
            <Value value={row.after} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
