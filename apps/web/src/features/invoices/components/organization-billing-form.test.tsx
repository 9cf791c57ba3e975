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
import { OrganizationBillingForm } from './organization-billing-form.tsx';

const ORG = '00000000-0000-4000-8000-0000000000c1';
/** What the form sends. */
const FIELDS = {
  mode: 'in_advance',
  depositPercent: null,
  payBeforeDownload: false,
  legalName: null,
  address: null,
  country: null,
  taxId: null,
};
/** What the server answers: the fields and the approval for monthly invoicing. */
const SAVED = { ...FIELDS, monthlyApproved: false, monthlyApprovedAt: null };

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function field(label: string) {
  const labelElement = [...(view?.container.querySelectorAll('label') ?? [])].find((element) =>
    element.textContent?.startsWith(label),
  );
  return view?.container.querySelector<HTMLInputElement & HTMLSelectElement>(`#${labelElement?.htmlFor}`);
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function render(putReply: (body: unknown) => { status: number; body: unknown }) {
  view = renderInPortal(<OrganizationBillingForm customerOrgId={ORG} />, (call) =>
    call.method === 'PUT' ? putReply(call.body) : { status: 200, body: SAVED },
  );
  return view;
}

describe("a customer organisation's billing in the admin console", () => {
  it('saves pay before download with the deposit mode and an upper-cased country', async () => {
    const rendered = render((body) => ({ status: 200, body: { ...SAVED, ...(body as object) } }));
    await waitFor(() => expect(field('Invoiced')).toBeTruthy());
    expect(field('Pay before download')?.checked).toBe(false);
    choose(field('Invoiced')!, 'deposit');
    await waitFor(() => expect(field('Deposit (%)')).toBeTruthy());
    typeInto(field('Deposit (%)')!, '30');
    typeInto(field('Country (two letters)')!, 'de');
    await clickAndSettle(field('Pay before download')!);
    await clickAndSettle(buttonNamed('Save billing'));
    await waitFor(() => expect(pageText()).toContain('Billing saved'));
    const put = rendered.calls.find((call) => call.method === 'PUT');
    expect(put).toEqual({
      url: `/api/admin/customers/${ORG}/billing`,
      method: 'PUT',
      body: { ...FIELDS, mode: 'deposit', depositPercent: 30, payBeforeDownload: true, country: 'DE' },
    });
  });

  it('asks for the deposit percentage under its field and sends nothing without it', async () => {
    const rendered = render((body) => ({ status: 200, body }));
    await waitFor(() => expect(field('Invoiced')).toBeTruthy());
    choose(field('Invoiced')!, 'deposit');
    await clickAndSettle(buttonNamed('Save billing'));
    await waitFor(() => expect(pageText()).toContain('Enter a deposit between 1 and 99 percent.'));
    expect(rendered.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows pay before download as saved, and saves it turned off', async () => {
    const rendered = renderInPortal(<OrganizationBillingForm customerOrgId={ORG} />, (call) =>
      call.method === 'PUT'
        ? { status: 200, body: { ...SAVED, ...(call.body as object) } }
        : { status: 200, body: { ...SAVED, payBeforeDownload: true } },
    );
    view = rendered;
    await waitFor(() => expect(field('Pay before download')?.checked).toBe(true));
    await clickAndSettle(field('Pay before download')!);
    await clickAndSettle(buttonNamed('Save billing'));
    await waitFor(() => expect(pageText()).toContain('Billing saved'));
    expect(rendered.calls.find((call) => call.method === 'PUT')?.body).toEqual(FIELDS);
  });

  it("shows the server's field message under the field", async () => {
    render(() => ({
      status: 400,
      body: {
        error: { code: 'validation_failed', message: 'Check the fields.', fields: { taxId: 'Tax ID refused.' } },
      },
    }));
    await waitFor(() => expect(field('Tax ID')).toBeTruthy());
    typeInto(field('Tax ID')!, 'X1');
    await clickAndSettle(buttonNamed('Save billing'));
    await waitFor(() => expect(pageText()).toContain('Tax ID refused.'));
  });

  it('offers Monthly invoicing only once the account is approved, then saves it', async () => {
    let approved = false;
    const rendered = renderInPortal(<OrganizationBillingForm customerOrgId={ORG} />, (call) => {
      if (call.method === 'PUT' && call.url.endsWith('/monthly-approval')) {
        approved = (call.body as { approved: boolean }).approved;
        return {
          status: 200,
          body: { ...SAVED, monthlyApproved: approved, monthlyApprovedAt: '2026-06-01T09:00:00Z' },
        };
      }
      if (call.method === 'PUT')
        return { status: 200, body: { ...SAVED, ...(call.body as object), monthlyApproved: true } };
      return { status: 200, body: { ...SAVED, monthlyApproved: approved } };
    });
    view = rendered;
    await waitFor(() => expect(field('Invoiced')).toBeTruthy());
    const monthlyOption = () => field('Invoiced')!.querySelector<HTMLOptionElement>('option[value="monthly"]')!;
    expect(monthlyOption().disabled).toBe(true);
    expect(monthlyOption().textContent).toBe('Monthly invoicing (approve the account first)');
    expect(field('Approved for monthly invoicing')?.checked).toBe(false);

    await clickAndSettle(field('Approved for monthly invoicing')!);
    await waitFor(() => expect(pageText()).toContain('Approved for monthly invoicing'));
    expect(rendered.calls.find((call) => call.url.endsWith('/monthly-approval'))).toEqual({
      url: `/api/admin/customers/${ORG}/billing/monthly-approval`,
      method: 'PUT',
      body: { approved: true },
    });
    await waitFor(() => expect(monthlyOption().disabled).toBe(false));
    expect(field('Approved for monthly invoicing')?.checked).toBe(true);

    choose(field('Invoiced')!, 'monthly');
    await clickAndSettle(buttonNamed('Save billing'));
    await waitFor(() => expect(pageText()).toContain('Billing saved'));
    expect(rendered.calls.find((call) => call.method === 'PUT' && call.url.endsWith('/billing'))?.body).toEqual({
      ...FIELDS,
      mode: 'monthly',
    });
  });
});
