import type { TAdminCustomer } from '@spacecapture/shared/contracts/admin-console/organizations';
import { WORKFLOW_MESSAGES } from '@spacecapture/shared/contracts/admin-workflow';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonNamed,
  clickAndSettle,
  pageText,
  renderInPortal,
  typeInto,
  waitFor,
} from '../../../test/render-in-portal.tsx';
import { CustomerSettingsForm } from './customer-settings-form.tsx';

const CUSTOMER: TAdminCustomer = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Thames Estates',
  status: 'active',
  createdAt: '2026-03-01T10:00:00.000Z',
  membersCount: 2,
  ordersCount: 0,
  lastOrderAt: null,
  currency: 'USD',
  unitSystem: 'imperial',
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function field(label: string) {
  const labelElement = [...(view?.container.querySelectorAll('label') ?? [])].find((element) =>
    element.textContent?.startsWith(label),
  );
  return view?.container.querySelector<HTMLInputElement & HTMLSelectElement>(`#${labelElement?.htmlFor}`);
}

function selectOption(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('a customer organisation’s currency and units in the admin console', () => {
  it('saves the currency upper-cased with the unit system', async () => {
    view = renderInPortal(<CustomerSettingsForm customer={CUSTOMER} />, (call) =>
      call.method === 'PATCH'
        ? { status: 200, body: { customer: { ...CUSTOMER, currency: 'GBP', unitSystem: 'metric' }, members: [] } }
        : { status: 404, body: {} },
    );
    expect(field('Default currency')?.value).toBe('USD');
    typeInto(field('Default currency')!, 'gbp');
    selectOption(field('Unit system')!, 'metric');
    await clickAndSettle(buttonNamed('Save currency and units'));
    await waitFor(() => expect(pageText()).toContain('Settings saved'));
    expect(view.calls).toEqual([
      { url: `/api/admin/customers/${CUSTOMER.id}`, method: 'PATCH', body: { currency: 'GBP', unitSystem: 'metric' } },
    ]);
  });

  it('refuses a code that is not one, under the field, keeping what was typed and sending nothing', async () => {
    view = renderInPortal(<CustomerSettingsForm customer={CUSTOMER} />, () => ({ status: 500, body: {} }));
    typeInto(field('Default currency')!, 'U$');
    await clickAndSettle(buttonNamed('Save currency and units'));
    await waitFor(() => expect(view?.container.textContent).toContain(WORKFLOW_MESSAGES.currency));
    expect(field('Default currency')?.value).toBe('U$');
    expect(view.calls).toEqual([]);
  });

  it('shows the server’s refusal under its field', async () => {
    view = renderInPortal(<CustomerSettingsForm customer={CUSTOMER} />, () => ({
      status: 400,
      body: { error: { code: 'validation_failed', message: 'Invalid', fields: { currency: 'Unknown currency.' } } },
    }));
    typeInto(field('Default currency')!, 'EUR');
    await clickAndSettle(buttonNamed('Save currency and units'));
    await waitFor(() => expect(view?.container.textContent).toContain('Unknown currency.'));
    expect(field('Default currency')?.value).toBe('EUR');
  });
});
