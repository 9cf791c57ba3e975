import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { PROVIDER_SETTINGS } from '../../../test/provider-fixtures.ts';
import { json, renderAt, until } from '../../../test/render-at.tsx';
import { SettingsForm } from './settings-form.tsx';

const SAVED = PROVIDER_SETTINGS;

let requests: { method: string; url: string; body: unknown }[];
let answer: (body: unknown) => Response;

function render(canRename: boolean) {
  renderAt(mount.root, '/', <SettingsForm settings={SAVED} canRename={canRename} />);
}

beforeEach(() => {
  requests = [];
  answer = (body) => json(200, { ...SAVED, ...(body as object) });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    requests.push({ method: String(init.method), url, body });
    return answer(body);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const mount = mountPerTest({ beforeUnmount: () => notifications.clean() });

function input(label: string): HTMLInputElement {
  const labelElement = [...mount.container.querySelectorAll('label')].find((element) =>
    element.textContent?.startsWith(label),
  );
  const element = labelElement?.htmlFor ? document.getElementById(labelElement.htmlFor) : null;
  if (!element) throw new Error(`No field ${label}`);
  return element as HTMLInputElement;
}

function type(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  act(() => {
    // Typing happens in a focused field (the tags input ignores changes made without focus).
    element.focus();
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function press(element: HTMLElement, key: string) {
  act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
}

function save() {
  const button = [...mount.container.querySelectorAll('button')].find(
    (element) => element.textContent === 'Save Settings',
  );
  if (!button) throw new Error('No Save Settings button');
  act(() => button.click());
}

function fieldError(label: string) {
  const element = input(label);
  const id = element
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('SettingsForm', () => {
  it('sends every setting, with the regions typed as tags and a switched-off notification', async () => {
    render(true);
    type(input('Business name'), 'Harbour Scans Ltd');
    type(input('Phone'), '');
    const regions = input('Service regions');
    type(regions, 'Surrey');
    press(regions, 'Enter');
    const updates = input('Project Updates');
    act(() => updates.click());
    save();
    await until(() => expect(document.body.textContent).toContain('Settings saved'));
    expect(requests).toEqual([
      {
        method: 'PUT',
        url: '/api/provider/settings',
        body: {
          businessName: 'Harbour Scans Ltd',
          contactEmail: 'ops@harbour.example',
          phone: null,
          availability: 'Weekdays',
          serviceRegions: ['London', 'Surrey'],
          notifications: { newProjectAssignments: true, projectUpdates: false, paymentNotifications: true },
        },
      },
    ]);
  });

  it('shows a bad e-mail under its field and sends nothing', async () => {
    render(true);
    type(input('Email'), 'not-an-address');
    save();
    await until(() => expect(fieldError('Email')).toBe('Enter a valid e-mail address.'));
    expect(requests).toEqual([]);
  });

  it('keeps the business name read-only for a provider user and leaves it out of the request', async () => {
    render(false);
    expect(input('Business name').readOnly).toBe(true);
    type(input('Availability'), 'Weekends only');
    save();
    await until(() => expect(document.body.textContent).toContain('Settings saved'));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).not.toHaveProperty('businessName');
    expect(requests[0]?.body).toMatchObject({ availability: 'Weekends only' });
    expect(document.body.textContent).toContain('Settings saved');
  });

  it('puts the server’s field messages under the fields', async () => {
    answer = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Some body fields are invalid.',
          fields: { 'serviceRegions.0': 'Each region is 1 to 80 characters.' },
        },
      });
    render(true);
    type(input('Availability'), 'Any day');
    save();
    await until(() => expect(fieldError('Service regions')).toBe('Each region is 1 to 80 characters.'));
    expect(document.body.textContent).not.toContain('Settings saved');
    expect(document.body.textContent).not.toContain('Failed');
  });
});
