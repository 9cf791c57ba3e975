import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column heading; `{ hidden }` names a column for screen readers only (a column of buttons). */
type TDataTableColumn = string | { hidden: string };

type TDataTableProps = Omit<TableProps, 'children'> & {
  /** The table's accessible name. */
  label: string;
  columns: readonly TDataTableColumn[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The rows. */
  children: ReactNode;
};

/** The portals' tables: a named table with a heading row, scrolling sideways on narrow screens. */
export function DataTable({ label, columns, minWidth, children, ...tableProps }: TDataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...tableProps} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              // A table's columns never change order, so their place is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: static column list
              <Table.Th key={index}>
                {typeof column === 'string' ? column : <span className="visually-hidden">{column.hidden}</span>}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
