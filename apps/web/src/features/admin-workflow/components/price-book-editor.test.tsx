import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buttonNamed, clickAndSettle, pageText, renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { PriceBookEditor } from './price-book-editor.tsx';

const ENTRY = { captureType: 'virtual-tour', spaceSize: 'medium', currency: 'USD', capture: 1800, processing: 650 };

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function server() {
  let book = { entries: [ENTRY] };
  return (call: { method: string; body: unknown }) => {
    if (call.method === 'PUT') book = call.body as typeof book;
    return { status: 200, body: book };
  };
}

function choose(label: string, value: string) {
  const select = document.querySelector<HTMLSelectElement>(`select[aria-label="${label}"]`);
  if (!select) throw new Error(`no ${label}`);
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const puts = () => view?.calls.filter((call) => call.method === 'PUT') ?? [];

describe('PriceBookEditor', () => {
  it('refuses a second price for the same type, size and currency, then saves the whole book', async () => {
    view = renderInPortal(<PriceBookEditor />, server());
    await waitFor(() => expect(document.querySelector('select[aria-label="Price 1 capture type"]')).not.toBeNull());
    await clickAndSettle(buttonNamed('Add price'));
    choose('Price 2 capture type', 'virtual-tour');
    choose('Price 2 size', 'medium');
    await clickAndSettle(buttonNamed('Save price book'));
    await waitFor(() =>
      expect(pageText()).toContain('Price 2: Each capture type and size has one price per currency.'),
    );
    expect(puts()).toEqual([]);

    choose('Price 2 size', 'large');
    await clickAndSettle(buttonNamed('Save price book'));
    await waitFor(() => expect(pageText()).toContain('Price book saved'));
    expect(puts()).toEqual([
      {
        url: '/api/admin/price-book',
        method: 'PUT',
        body: {
          entries: [
            ENTRY,
            { captureType: 'virtual-tour', spaceSize: 'large', currency: 'USD', capture: 1000, processing: 500 },
          ],
        },
      },
    ]);
  });
});
