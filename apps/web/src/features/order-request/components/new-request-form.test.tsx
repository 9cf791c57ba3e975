import type { TProfile } from '@spacecapture/shared/contracts/auth';
import type { TUnitSystem } from '@spacecapture/shared/units';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileContext } from '../../../lib/auth/profile-context.ts';
import { renderInPortal, typeInto, waitFor } from '../../../test/render-in-portal.tsx';
import { NewRequestForm } from './new-request-form.tsx';

function profileOf(currency: string, unitSystem: TUnitSystem): TProfile {
  return {
    user: { id: 'u1', email: 'olivia@thames.example', name: 'Olivia', emailVerified: true, twoFactorEnabled: false },
    role: 'customer_admin',
    portal: 'customer',
    organization: {
      id: '77777777-7777-4777-8777-777777777777',
      name: 'Thames Estates',
      type: 'customer',
      orgRole: 'owner',
      currency,
      unitSystem,
    },
    mfa: { required: false, enrolled: false },
  };
}

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function renderFor(currency: string, unitSystem: TUnitSystem) {
  view = renderInPortal(
    <ProfileContext value={profileOf(currency, unitSystem)}>
      <NewRequestForm />
    </ProfileContext>,
    (call) =>
      call.url.startsWith('/api/customer/sites') ? { status: 200, body: { items: [] } } : { status: 404, body: {} },
    '/customer/new-request',
  );
  return view;
}

function labels() {
  return [...(view?.container.querySelectorAll('label') ?? [])].map((label) => label.textContent?.replace(' *', ''));
}

function control(label: string) {
  const element = [...(view?.container.querySelectorAll('label') ?? [])].find((item) =>
    item.textContent?.startsWith(label),
  );
  return view?.container.querySelector<HTMLInputElement & HTMLSelectElement>(`#${element?.htmlFor}`);
}

function choose(label: string, value: string) {
  const select = control(label)!;
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function optionsOf(label: string) {
  return [...(control(label)?.options ?? [])].map((option) => option.textContent);
}

describe('the portal’s New Request form', () => {
  it('asks the size in square meters for a metric organisation and estimates in its currency from the timeline', async () => {
    renderFor('GBP', 'metric');
    // One vocabulary: the form's Timeline, and no Urgency beside it.
    expect(labels()).toContain('Timeline');
    expect(labels()).not.toContain('Urgency');
    expect(labels()).toContain('Size (square meters)');
    expect(optionsOf('Space Size')).toContain('Small (up to 93 m²)');

    choose('Space Type', 'commercial');
    choose('Timeline', 'standard');
    typeInto(control('Size (square meters)')!, '150');
    choose('Location Type', 'urban');
    // commercial 200 + 0.7 × 150 = 305, urban × 1.1, standard → 336; 302 - 370.
    await waitFor(() =>
      expect(view?.container.querySelector('[data-testid="request-estimate-range"]')?.textContent).toBe('£302 - £370'),
    );
    // An urgent timeline is the estimator's urgent.
    choose('Timeline', 'urgent');
    await waitFor(() =>
      expect(view?.container.querySelector('[data-testid="request-estimate-range"]')?.textContent).toBe('£453 - £553'),
    );
  });

  it('asks the size in square feet for an imperial organisation, in dollars', async () => {
    renderFor('USD', 'imperial');
    expect(labels()).toContain('Size (square feet)');
    expect(labels()).not.toContain('Urgency');
    expect(optionsOf('Space Size')).toContain('Small (up to 1,000 sq ft)');
    choose('Space Type', 'commercial');
    choose('Timeline', 'standard');
    // 1,615 sq ft is 150 m².
    typeInto(control('Size (square feet)')!, '1615');
    choose('Location Type', 'urban');
    await waitFor(() =>
      expect(view?.container.querySelector('[data-testid="request-estimate-range"]')?.textContent).toBe('$302 - $370'),
    );
  });
});
