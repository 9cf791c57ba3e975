import { Table, type TableProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import styles from './data-table.module.css';

/** A column heading; `{ hidden }` names a column for screen readers only (a column of buttons). */
type TDataTableColumn = string | { hidden: string };

type TDataTableProps = Omit<TableProps, 'children' | 'style'> & {
  /** The table's accessible name. */
  label: string;
  columns: readonly TDataTableColumn[];
  /** Below this width (on a wide screen) the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The rows: `Table.Tr`s whose cells follow `columns`. */
  children: ReactNode;
};

/** The most columns a card names (data-table.module.css has one rule each). */
const NAMED_COLUMNS = 12;

/** Each visible column's name as a CSS string, for the cells of a row shown as a card. */
function columnNames(columns: readonly TDataTableColumn[]): CSSProperties {
  const names: Record<string, string> = {};
  columns.slice(0, NAMED_COLUMNS).forEach((column, index) => {
    // JSON's quoting is a valid CSS string; a column for screen readers only shows no name.
    if (typeof column === 'string') names[`--data-table-column-${index + 1}`] = JSON.stringify(column);
  });
  return names as CSSProperties;
}

/**
 * The portals' tables: a named table with a heading row; on a small screen each row is a card whose
 * cells name their columns, on a wide one it scrolls sideways below `minWidth` (decision 101).
 */
export function DataTable({ label, columns, minWidth, children, ...tableProps }: TDataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} classNames={{ scrollContainerInner: styles.inner }}>
      <Table {...tableProps} className={styles.table} style={columnNames(columns)} aria-label={label}>
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
