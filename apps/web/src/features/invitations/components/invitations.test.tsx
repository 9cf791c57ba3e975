import type { TInvitation } from '@spacecapture/shared/contracts/invitations';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { CreateInvitationForm } from './create-invitation-form.tsx';
import { InvitationsList } from './invitations-list.tsx';

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function invitationOf(n: number, status: TInvitation['status']): TInvitation {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    email: `${status}@example.com`,
    orgType: 'customer',
    roleSuggested: 'customer_admin',
    status,
    organization: null,
    expiresAt: '2026-03-08T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
  };
}

const checkedMode = () => view?.container.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value;
const hasNameField = () =>
  [...(view?.container.querySelectorAll('label') ?? [])].some((label) => label.textContent === 'New organization name');

describe('CreateInvitationForm', () => {
  it('offers only a new organisation while a type has none, whichever type was chosen last', async () => {
    // A fresh install: no organisation of either type.
    view = renderInPortal(<CreateInvitationForm />, () => ({ status: 200, body: { items: [] } }));
    await waitFor(() => expect(checkedMode()).toBe('new'));
    expect(hasNameField()).toBe(true);

    const type = view.container.querySelector<HTMLSelectElement>('select') as HTMLSelectElement;
    async function chooseType(value: string) {
      await act(async () => {
        type.value = value;
        type.dispatchEvent(new Event('change', { bubbles: true }));
      });
    }
    await chooseType('provider');
    await waitFor(() => expect(view?.calls.some((call) => call.url.endsWith('type=provider'))).toBe(true));
    await waitFor(() => expect(checkedMode()).toBe('new'));
    // Back to customers, answered from the cache at once: still only a new organisation.
    await chooseType('customer');
    expect(checkedMode()).toBe('new');
    expect(hasNameField()).toBe(true);
  });

  it('offers the existing organisations of the chosen type once there are some', async () => {
    view = renderInPortal(<CreateInvitationForm />, () => ({
      status: 200,
      body: { items: [{ id: '00000000-0000-4000-8000-000000000009', name: 'Acme Estates', type: 'customer' }] },
    }));
    await waitFor(() => expect(view?.container.textContent).toContain('Acme Estates'));
    expect(checkedMode()).toBe('existing');
  });
});

describe('InvitationsList', () => {
  it('offers Resend on every invitation but an accepted one, and Revoke on pending ones only', async () => {
    const statuses = ['pending', 'revoked', 'expired', 'accepted'] as const;
    view = renderInPortal(<InvitationsList />, () => ({
      status: 200,
      body: { items: statuses.map((status, index) => invitationOf(index + 1, status)), nextCursor: null },
    }));
    const button = (name: string) => view?.container.querySelector(`button[aria-label="${name}"]`);
    await waitFor(() => expect(button('Resend invitation to pending@example.com')).not.toBeNull());
    expect(button('Resend invitation to revoked@example.com')).not.toBeNull();
    expect(button('Resend invitation to expired@example.com')).not.toBeNull();
    expect(button('Resend invitation to accepted@example.com')).toBeNull();
    expect(button('Revoke invitation to pending@example.com')).not.toBeNull();
    expect(button('Revoke invitation to revoked@example.com')).toBeNull();
  });
});
