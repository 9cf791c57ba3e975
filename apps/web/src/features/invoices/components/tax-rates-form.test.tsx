import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonNamed,
  clickAndSettle,
  pageText,
  renderInPortal,
  typeInto,
  waitFor,
} from '../../../test/render-in-portal.tsx';
import { TaxRatesForm } from './tax-rates-form.tsx';

const SAVED = { rates: [{ country: 'GB', label: 'VAT', rateBasisPoints: 2000, reverseChargeForBusiness: true }] };

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function fields(label: string) {
  const container = view?.container;
  if (!container) return [];
  return [...container.querySelectorAll('label')]
    .filter((element) => element.textContent?.startsWith(label))
    .flatMap((element) => container.querySelector<HTMLInputElement>(`#${element.htmlFor}`) ?? []);
}

function render() {
  view = renderInPortal(<TaxRatesForm />, (call) =>
    call.method === 'PUT' ? { status: 200, body: call.body } : { status: 200, body: SAVED },
  );
  return view;
}

describe('tax rates in admin Settings', () => {
  it('adds a rate as a percentage and saves the whole list in basis points', async () => {
    const rendered = render();
    await waitFor(() => expect(fields('Country').length).toBe(1));
    expect(fields('Rate (%)')[0]?.value).toBe('20');
    expect(fields('Reverse charge for business buyers')[0]?.checked).toBe(true);
    await clickAndSettle(buttonNamed('Add a tax rate'));
    typeInto(fields('Country')[1]!, 'de');
    typeInto(fields('Label')[1]!, 'MwSt');
    typeInto(fields('Rate (%)')[1]!, '19.5');
    await clickAndSettle(fields('Reverse charge for business buyers')[1]!);
    await clickAndSettle(buttonNamed('Save tax rates'));
    await waitFor(() => expect(pageText()).toContain('Tax rates saved'));
    expect(rendered.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      rates: [SAVED.rates[0], { country: 'DE', label: 'MwSt', rateBasisPoints: 1950, reverseChargeForBusiness: true }],
    });
  });

  it('removes a rate', async () => {
    const rendered = render();
    await waitFor(() => expect(fields('Country').length).toBe(1));
    await clickAndSettle(buttonNamed('Remove rate 1'));
    await clickAndSettle(buttonNamed('Save tax rates'));
    await waitFor(() => expect(pageText()).toContain('Tax rates saved'));
    expect(rendered.calls.find((call) => call.method === 'PUT')?.body).toEqual({ rates: [] });
  });

  it('refuses a rate without a percentage or a second rate for one country, under the field, sending nothing', async () => {
    const rendered = render();
    await waitFor(() => expect(fields('Country').length).toBe(1));
    await clickAndSettle(buttonNamed('Add a tax rate'));
    typeInto(fields('Country')[1]!, 'GB');
    await clickAndSettle(buttonNamed('Save tax rates'));
    await waitFor(() => expect(pageText()).toContain('Enter a rate between 0 and 100 percent'));
    typeInto(fields('Rate (%)')[1]!, '5');
    await clickAndSettle(buttonNamed('Save tax rates'));
    await waitFor(() => expect(pageText()).toContain('One rate per country.'));
    expect(rendered.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
