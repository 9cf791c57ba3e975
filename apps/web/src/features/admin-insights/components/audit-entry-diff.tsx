import { Badge, Code, Table, Text } from '@mantine/core';
import { diffJson, type TDiffChange } from '../lib/json-diff.ts';

const CHANGE_COLORS: Record<TDiffChange, string> = {
  added: 'teal',
  removed: 'red',
  changed: 'yellow',
  unchanged: 'gray',
};

function Value({ value }: { value: string | null }) {
  if (value === null) return <Text c="gray.6">—</Text>;
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
      <Text size="sm" c="gray.7">
        No before or after recorded.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={4} fz="sm" aria-label="Changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
