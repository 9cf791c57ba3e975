import type { TCustomerOrder } from '@spacecapture/shared/contracts/customer-portal';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInPortal, typeInto, waitFor } from '../../../test/render-in-portal.tsx';
import { OrdersList } from './orders-list.tsx';

function orderOf(n: number, displayStatus: TCustomerOrder['displayStatus'] = 'pending'): TCustomerOrder {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Order ${n}`,
    location: `${n} High Street, York`,
    captureType: 'virtual-tour',
    status: 'triage',
    displayStatus,
    currency: 'USD',
    area: null,
    progress: { percent: 0, steps: [] },
    scheduledStart: null,
    scheduledEnd: null,
    timeZone: null,
    windowsToPick: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
  };
}

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const text = () => view?.container.textContent ?? '';
const buttonNamed = (name: string) =>
  [...(view?.container.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
    (element) => element.textContent?.trim() === name,
  );

describe('OrdersList', () => {
  it('asks with the filters, then loads the next page by its cursor until there is none', async () => {
    view = renderInPortal(<OrdersList filters={{ q: 'York', status: 'completed' }} onOpen={() => {}} />, (call) =>
      call.url.includes('cursor=')
        ? { status: 200, body: { items: [orderOf(2, 'completed')], nextCursor: null } }
        : { status: 200, body: { items: [orderOf(1, 'completed')], nextCursor: 'next-page' } },
    );
    await waitFor(() => expect(text()).toContain('Order 1'));
    expect(view.calls[0]?.url).toBe('/api/customer/orders?limit=20&q=York&status=completed');
    await act(async () => buttonNamed('Load more')?.click());
    await waitFor(() => expect(text()).toContain('Order 2'));
    expect(view.calls[1]?.url).toBe('/api/customer/orders?limit=20&q=York&status=completed&cursor=next-page');
    expect(text()).toContain('Order 1');
    expect(buttonNamed('Load more')).toBeUndefined();
  });

  it('searches on submit with the trimmed words, filters by status at once, and opens a row', async () => {
    const onFiltersChange = vi.fn();
    const onOpen = vi.fn();
    view = renderInPortal(
      <OrdersList filters={{ q: '', status: '' }} onFiltersChange={onFiltersChange} onOpen={onOpen} />,
      () => ({ status: 200, body: { items: [orderOf(1)], nextCursor: null } }),
    );
    await waitFor(() => expect(text()).toContain('Order 1'));
    typeInto(view.container.querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement, ' Mill ');
    expect(onFiltersChange).not.toHaveBeenCalled();
    await act(async () => buttonNamed('Search')?.click());
    expect(onFiltersChange).toHaveBeenLastCalledWith({ q: 'Mill', status: '' });

    const select = view.container.querySelector('select') as HTMLSelectElement;
    select.value = 'cancelled';
    await act(async () => {
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onFiltersChange).toHaveBeenLastCalledWith({ q: 'Mill', status: 'cancelled' });

    await act(async () => buttonNamed('Order 1')?.click());
    expect(onOpen).toHaveBeenCalledWith(orderOf(1).id);
  });

  it('says when nothing matches a search, and shows a read failure with a retry', async () => {
    view = renderInPortal(<OrdersList filters={{ q: 'nowhere', status: '' }} onOpen={() => {}} />, () => ({
      status: 200,
      body: { items: [], nextCursor: null },
    }));
    await waitFor(() => expect(text()).toContain('No orders match your search.'));
    view.unmount();

    view = renderInPortal(<OrdersList filters={{ q: '', status: '' }} onOpen={() => {}} />, () => ({
      status: 500,
      body: { error: { code: 'internal', message: 'Something broke.' } },
    }));
    await waitFor(() => expect(text()).toContain('Could not load orders'));
    expect(text()).toContain('Something broke.');
    expect(buttonNamed('Try again')).toBeDefined();
  });
});
