import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './test.ts';

/** Money in the browser tests: the seller's bank details, a customer's billing, mailed PDFs. */

export const BANK = {
  accountHolder: 'Space Capture Ltd',
  bankName: 'Harbour Bank',
  iban: 'GB33BUKB20201555555555',
  bic: 'BUKBGB22',
};

/** The seller's details with a bank account, so invoices carry transfer instructions. */
export async function companyWithBankAccount(admin: APIRequestContext) {
  const saved = await admin.put('/api/admin/billing/company', {
    data: {
      legalName: 'Space Capture Ltd',
      address: '1 Dock Road\nLondon',
      country: 'GB',
      taxId: null,
      bankDetails: BANK,
      paymentTermsDays: 14,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The customer organisation pays in advance and downloads wait for the payment (decision 211). */
export async function payBeforeDownload(admin: APIRequestContext, customerOrgId: string) {
  const saved = await admin.put(`/api/admin/customers/${customerOrgId}/billing`, {
    data: {
      mode: 'in_advance',
      depositPercent: null,
      payBeforeDownload: true,
      legalName: null,
      address: null,
      country: null,
      taxId: null,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The captured mail's attachment as bytes (the inspector answers Buffers as JSON). */
export function bytesOf(content: unknown) {
  const json = content as { type?: string; data?: number[] };
  return Buffer.from(json.data ?? []);
}

/** The admin's page of one customer organisation, its Billing form. */
export async function openCustomerBilling(page: Page, customerOrgId: string) {
  await page.goto(`/admin/customers?customer=${customerOrgId}`);
  const form = page.getByRole('form', { name: 'Billing' });
  await expect(form.getByRole('button', { name: 'Save billing' })).toBeVisible();
  return form;
}
