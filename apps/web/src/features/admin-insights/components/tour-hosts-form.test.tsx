import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { button, click, json, renderAt, settle, typeInto } from '../../../test/render-at.tsx';
import { TourHostsForm } from './tour-hosts-form.tsx';

const PATH = '/api/admin/settings/tour-hosts';
const SAVED = {
  hosts: [
    { host: 'my.matterport.com', embeddable: true },
    { host: 'kuula.co', embeddable: true },
  ],
};

let requests: { method: string; url: string; body: unknown }[];
let answerPut: (body: unknown) => Response;

beforeEach(() => {
  requests = [];
  answerPut = (body) => json(200, body);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = String(init.method ?? 'GET');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, url, body });
    return method === 'PUT' ? answerPut(body) : json(200, SAVED);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const mount = mountPerTest({ beforeUnmount: () => notifications.clean() });

const row = (n: number) => document.querySelector<HTMLFieldSetElement>(`fieldset[aria-label="Tour host ${n}"]`);
const hostOf = (n: number) => row(n)?.querySelector<HTMLInputElement>('input:not([type="checkbox"])');
const framedOf = (n: number) => row(n)?.querySelector<HTMLInputElement>('input[type="checkbox"]');
const puts = () => requests.filter((request) => request.method === 'PUT');

async function open() {
  renderAt(mount.root, '/admin/settings', <TourHostsForm />);
  await settle();
  expect(requests[0]).toMatchObject({ method: 'GET', url: PATH });
}

describe('TourHostsForm', () => {
  it('lists the saved hosts, then removes one, adds one that opens in a new tab, and saves the whole list', async () => {
    await open();
    expect(hostOf(1)?.value).toBe('my.matterport.com');
    expect(hostOf(2)?.value).toBe('kuula.co');
    expect(framedOf(2)?.checked).toBe(true);

    await click(button('Remove host 2'));
    expect(row(2)).toBeNull();
    await click(button('Add a host'));
    typeInto(hostOf(2), 'Tours.Example.com');
    await click(framedOf(2));
    expect(framedOf(2)?.checked).toBe(false);
    await click(button('Save tour hosts'));
    await settle();
    expect(puts()).toEqual([
      {
        method: 'PUT',
        url: PATH,
        body: {
          hosts: [
            { host: 'my.matterport.com', embeddable: true },
            { host: 'tours.example.com', embeddable: false },
          ],
        },
      },
    ]);
    expect(document.body.textContent).toContain('Tour hosts saved');
  });

  it('refuses an address in place of a host, and a host twice, without asking the server', async () => {
    await open();
    typeInto(hostOf(2), 'https://kuula.co/tour');
    await click(button('Save tour hosts'));
    expect(row(2)?.textContent).toContain('Enter a host name such as my.matterport.com (no scheme, port or path).');
    expect(hostOf(2)?.value).toBe('https://kuula.co/tour');

    typeInto(hostOf(2), 'my.matterport.com');
    await click(button('Save tour hosts'));
    expect(mount.container.textContent).toContain('Each host once.');
    expect(puts()).toEqual([]);
  });

  it("shows the server's refusal under the host it names, keeping what was typed", async () => {
    answerPut = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Some body fields are invalid.',
          fields: { 'hosts.1.host': 'This host is refused.' },
        },
      });
    await open();
    typeInto(hostOf(2), 'tours.example.org');
    await click(button('Save tour hosts'));
    await settle();
    expect(puts()).toHaveLength(1);
    expect(row(2)?.textContent).toContain('This host is refused.');
    expect(hostOf(2)?.value).toBe('tours.example.org');
    expect(document.body.textContent).not.toContain('Tour hosts saved');
  });
});
