import type { TCreditNoteView } from '@spacecapture/shared/contracts/invoices';
import { afterEach, describe, expect, it } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { renderAt, settle } from '../../../test/render-at.tsx';
import { CreditNotes } from './credit-notes.tsx';

const NOT_REVERSED = "The provider's share was not reversed: Stripe refused the transfer reversal: insufficient funds.";

const issued: TCreditNoteView = {
  id: '00000000-0000-4000-8000-000000000011',
  number: 'CN-000004',
  status: 'issued',
  source: 'admin',
  currency: 'GBP',
  subtotalMinor: 10_000,
  taxMinor: 2_000,
  totalMinor: 12_000,
  reason: 'Late delivery',
  reverseProviderShare: true,
  providerShareMinor: 0,
  methods: ['bank_transfer'],
  failure: NOT_REVERSED,
  createdAt: '2026-12-01T10:00:00.000Z',
  issuedAt: '2026-12-01T10:00:00.000Z',
};

afterEach(() => {
  document.body.innerHTML = '';
});

const mount = mountPerTest();
const table = () => mount.container.querySelector('table[aria-label="Credit notes"]')?.textContent ?? '';

describe('CreditNotes', () => {
  it("tells admins, and only admins, that an issued note did not reverse the provider's share", async () => {
    renderAt(
      mount.root,
      '/admin/invoices',
      <CreditNotes notes={[issued]} pdfUrlOf={(id) => `/pdf/${id}`} showFailed />,
    );
    await settle();
    expect(table()).toContain('Late delivery');
    expect(table()).toContain(NOT_REVERSED);

    renderAt(mount.root, '/customer/quotes', <CreditNotes notes={[issued]} pdfUrlOf={(id) => `/pdf/${id}`} />);
    await settle();
    expect(table()).toContain('Late delivery');
    expect(table()).not.toContain(NOT_REVERSED);
  });
});
