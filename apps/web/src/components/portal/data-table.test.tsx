import { Table } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal } from '../../test/render-in-portal.tsx';
import { DataTable } from './data-table.tsx';

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

describe('DataTable', () => {
  it('gives the cells of a small screen’s cards their column names, none to a column for screen readers only', () => {
    view = renderInPortal(
      <DataTable label="Orders" minWidth={720} columns={['Order', 'Status "now"', { hidden: 'Actions' }]}>
        <Table.Tr>
          <Table.Td>Kitchen</Table.Td>
          <Table.Td>pending</Table.Td>
          <Table.Td>
            <button type="button">Open</button>
          </Table.Td>
        </Table.Tr>
      </DataTable>,
      () => ({ status: 200, body: {} }),
    );
    const table = view.container.querySelector('table[aria-label="Orders"]') as HTMLTableElement;
    expect(table.style.getPropertyValue('--data-table-column-1')).toBe('"Order"');
    expect(table.style.getPropertyValue('--data-table-column-2')).toBe('"Status \\"now\\""');
    expect(table.style.getPropertyValue('--data-table-column-3')).toBe('');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Order', 'Status "now"', 'Actions']);
  });
});
