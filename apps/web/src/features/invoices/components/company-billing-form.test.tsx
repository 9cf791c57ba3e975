import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { CompanyBillingForm } from './company-billing-form.tsx';

const SAVED = {
  legalName: 'Space Capture Ltd',
  address: '1 Dock Road\nLondon',
  country: 'GB',
  taxId: 'GB111',
  bankDetails: null,
  paymentTermsDays: 14,
};

let requests: { method: string; body: unknown }[];
let putAnswer: { status: number; body: unknown };

beforeEach(() => {
  requests = [];
  putAnswer = { status: 200, body: SAVED };
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, body: init.body ? JSON.parse(String(init.body)) : null });
    const answer = method === 'PUT' ? putAnswer : { status: 200, body: SAVED };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const mount = mountPerTest();

async function settle() {
  for (let tries = 0; tries < 40; tries += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    mount.root.render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <CompanyBillingForm />
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  await settle();
}

function input(label: string) {
  return [...mount.container.querySelectorAll('label')]
    .find((candidate) => candidate.textContent?.startsWith(label))
    ?.parentElement?.querySelector('input, textarea') as HTMLInputElement;
}

function type(label: string, value: string) {
  const field = input(label);
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    mount.container.querySelector<HTMLFormElement>('form[aria-label="Company details"]')?.requestSubmit();
  });
  await settle();
}

describe('CompanyBillingForm', () => {
  it('shows the saved details and saves them with the bank account for transfers', async () => {
    await render();
    expect(input('Legal name').value).toBe('Space Capture Ltd');
    expect(input('Address').value).toBe('1 Dock Road\nLondon');
    type('Account holder', 'Space Capture Ltd');
    type('Bank name', 'Harbour Bank');
    type('IBAN', 'GB33BUKB20201555555555');
    type('BIC', 'BUKBGB22');
    await submit();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      ...SAVED,
      bankDetails: {
        accountHolder: 'Space Capture Ltd',
        bankName: 'Harbour Bank',
        iban: 'GB33BUKB20201555555555',
        bic: 'BUKBGB22',
      },
    });
    expect(mount.container.querySelector('[role="status"]')?.textContent).toBe('Saved.');
  });

  it("shows the server's refusal", async () => {
    putAnswer = {
      status: 400,
      body: { error: { code: 'validation_failed', message: 'Enter a two-letter country code, such as GB.' } },
    };
    await render();
    type('Country', 'G');
    await submit();
    expect(mount.container.querySelector('[role="alert"]')?.textContent).toContain(
      'Enter a two-letter country code, such as GB.',
    );
  });
});
