import type { TProfile } from '@spacecapture/shared/contracts/auth';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buttonNamed, clickAndSettle, pageText, renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { OrganizationUnits } from './organization-units.tsx';

function profileAs(role: 'customer_admin' | 'customer_user'): TProfile {
  return {
    user: { id: 'u1', email: 'olivia@thames.example', name: 'Olivia', emailVerified: true, twoFactorEnabled: false },
    role,
    portal: 'customer',
    organization: {
      id: '77777777-7777-4777-8777-777777777777',
      name: 'Thames Estates',
      type: 'customer',
      orgRole: role === 'customer_admin' ? 'owner' : 'member',
      currency: 'GBP',
      unitSystem: 'imperial',
    },
    mfa: { required: false, enrolled: false },
  };
}

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

describe('the organisation’s currency and units in the customer portal', () => {
  it('lets the owner save a unit system, and names the currency the company sets', async () => {
    view = renderInPortal(<OrganizationUnits profile={profileAs('customer_admin')} />, (call) =>
      call.method === 'PATCH'
        ? {
            status: 200,
            body: {
              id: '77777777-7777-4777-8777-777777777777',
              name: 'Thames Estates',
              currency: 'GBP',
              unitSystem: 'metric',
            },
          }
        : { status: 404, body: {} },
    );
    expect(view.container.querySelector('[data-testid="organization-currency"]')?.textContent).toContain('GBP');
    expect(buttonNamed('Save unit system')?.disabled).toBe(true);
    const select = view.container.querySelector('select') as HTMLSelectElement;
    act(() => {
      select.value = 'metric';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await clickAndSettle(buttonNamed('Save unit system'));
    await waitFor(() => expect(pageText()).toContain('Unit system saved'));
    expect(view.calls.filter((call) => call.method === 'PATCH')).toEqual([
      { url: '/api/customer/organization', method: 'PATCH', body: { unitSystem: 'metric' } },
    ]);
  });

  it('shows a member the unit system without a form', () => {
    view = renderInPortal(<OrganizationUnits profile={profileAs('customer_user')} />, () => ({
      status: 404,
      body: {},
    }));
    expect(view.container.querySelector('select')).toBeNull();
    expect(view.container.textContent).toContain('Unit system: Imperial (square feet)');
  });
});
