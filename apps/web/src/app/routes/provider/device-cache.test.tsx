import type { TDevice } from '@spacecapture/shared/contracts/provider-portal';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceForm } from '../../../features/devices/components/device-form.tsx';
import { SettingsPanel } from '../../../features/provider-profile/components/settings-panel.tsx';
import { ProfileContext } from '../../../lib/auth/profile-context.ts';
import { PROVIDER_SETTINGS, providerProfileOf } from '../../../test/provider-fixtures.ts';
import { renderInPortal, typeInto, waitFor } from '../../../test/render-in-portal.tsx';

/**
 * The dashboard's hardware list and the device inventory read one cached copy of
 * /api/provider/devices: a device saved from the inventory's form shows on the dashboard
 * without a reload (they once used two query keys, and only one was refreshed).
 */

const PROFILE = providerProfileOf('provider_admin');
const SETTINGS = PROVIDER_SETTINGS;
const FIRST: TDevice = {
  id: '77777777-7777-4777-8777-777777777777',
  model: 'PRO',
  serial: 'PRO-0001',
  capabilities: [],
  createdAt: '2026-05-01T08:00:00.000Z',
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

describe('provider devices cache', () => {
  it('shows a device added from the inventory in the dashboard hardware list', async () => {
    const devices: TDevice[] = [FIRST];
    view = renderInPortal(
      <ProfileContext value={PROFILE}>
        <SettingsPanel />
        <DeviceForm />
      </ProfileContext>,
      (call) => {
        if (call.url === '/api/provider/settings') return { status: 200, body: SETTINGS };
        if (call.url === '/api/provider/devices' && call.method === 'POST') {
          const saved = { ...FIRST, ...(call.body as object), id: '88888888-8888-4888-8888-888888888888' };
          devices.unshift(saved as TDevice);
          return { status: 201, body: saved };
        }
        if (call.url === '/api/provider/devices') return { status: 200, body: { items: devices } };
        return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
      },
    );
    const hardware = () => view!.container.querySelector('[aria-label="Devices"]')?.textContent ?? '';
    await waitFor(() => expect(hardware()).toContain('PRO · PRO-0001'));

    const form = view.container.querySelector<HTMLFormElement>('form[aria-label="Add device"]')!;
    const model = form.querySelector<HTMLSelectElement>('select')!;
    act(() => {
      model.value = 'MEGA';
      model.dispatchEvent(new Event('change', { bubbles: true }));
    });
    typeInto(form.querySelector<HTMLInputElement>('#new-device-serial')!, 'MEGA-0042');
    await act(async () => form.requestSubmit());

    await waitFor(() => expect(hardware()).toContain('MEGA · MEGA-0042'));
    expect(view.calls.filter((call) => call.url === '/api/provider/devices').map((call) => call.method)).toEqual([
      'GET',
      'POST',
      'GET',
    ]);
  });
});
