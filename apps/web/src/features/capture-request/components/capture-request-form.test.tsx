import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal, typeInto, waitFor } from '../../../test/render-in-portal.tsx';
import { CaptureRequestForm } from './capture-request-form.tsx';

/** The capture request's place type-ahead and preferred windows (decision 140). */

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const LEEDS = {
  id: 'LeedsPlace01',
  label: 'Leeds, England, GB',
  name: 'Leeds',
  region: 'England',
  country: 'GB',
  postcode: '',
  lat: 53.79648,
  lon: -1.54785,
  timeZone: 'Europe/London',
  population: 455123,
};
const LEEDS_AL = { ...LEEDS, id: 'LeedsPlace02', label: 'Leeds, Alabama, US', timeZone: 'America/Chicago' };

function input(name: string) {
  const found = view?.container.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!found) throw new Error(`no input ${name}`);
  return found;
}
const bodyText = () => document.body.textContent ?? '';
const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')];

function key(target: HTMLElement, keyName: string) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: keyName, code: keyName, bubbles: true }));
  });
}

function fillTheRest() {
  typeInto(input('name'), 'Ada Lovelace');
  typeInto(input('email'), 'ada@example.com');
  typeInto(input('phone'), '+44 20 7946 0958');
  for (const [name, value] of [
    ['spaceType', 'commercial'],
    ['spaceSize', 'medium'],
    ['captureType', 'virtual-tour'],
    ['timeline', 'standard'],
  ] as const) {
    const select = view!.container.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
    select.value = value;
    act(() => {
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
  const terms = input('terms');
  act(() => terms.click());
}

describe('CaptureRequestForm places and windows', () => {
  it('offers places as the visitor types, picks one with the keyboard and sends its id with the windows', async () => {
    view = renderInPortal(<CaptureRequestForm />, (call) =>
      call.url.startsWith('/api/places')
        ? { status: 200, body: { items: [LEEDS, LEEDS_AL] } }
        : { status: 201, body: { id: '5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11' } },
    );
    const location = input('location');
    act(() => location.focus());
    typeInto(location, 'leeds');
    await waitFor(() => expect(options().map((option) => option.textContent)).toEqual([LEEDS.label, LEEDS_AL.label]));
    expect(view.calls[0]?.url).toBe('/api/places?q=leeds&limit=8');
    expect(location.getAttribute('aria-haspopup')).toBe('listbox');
    expect(location.getAttribute('aria-controls')).toBeTruthy();

    key(location, 'ArrowDown');
    await waitFor(() => expect(options()[0]?.hasAttribute('data-combobox-selected')).toBe(true));
    key(location, 'Enter');
    await waitFor(() => expect(location.value).toBe('Leeds, England, GB'));
    expect(input('placeId').value).toBe('LeedsPlace01');
    expect(bodyText()).toContain('On the map: Leeds, England, GB (Europe/London).');
    expect(bodyText()).toContain('Times at the place (Europe/London).');

    typeInto(input('preferredWindows.0.date'), '2099-03-04');
    typeInto(input('preferredWindows.0.from'), '09:00');
    typeInto(input('preferredWindows.0.to'), '12:00');
    typeInto(input('accessNotes'), 'Loading bay at the back.');
    fillTheRest();
    await act(async () => {
      view?.container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    });
    // The schema refuses a date more than a year ahead before anything is sent.
    await waitFor(() => expect(bodyText()).toContain('Choose a date from today to a year ahead.'));
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    typeInto(input('preferredWindows.0.date'), inAWeek);
    await act(async () => {
      view?.container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    });
    await waitFor(() => expect(view?.calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = view.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      location: 'Leeds, England, GB',
      placeId: 'LeedsPlace01',
      preferredWindows: [{ date: inAWeek, from: '09:00', to: '12:00' }],
      accessNotes: 'Loading bay at the back.',
    });
  });

  it('forgets the picked place when the visitor edits the text, and sends no empty windows', async () => {
    view = renderInPortal(<CaptureRequestForm />, (call) =>
      call.url.startsWith('/api/places')
        ? { status: 200, body: { items: [LEEDS] } }
        : { status: 201, body: { id: '5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11' } },
    );
    const location = input('location');
    act(() => location.focus());
    typeInto(location, 'lee');
    await waitFor(() => expect(options()).toHaveLength(1));
    act(() => options()[0]?.click());
    await waitFor(() => expect(input('placeId').value).toBe('LeedsPlace01'));
    typeInto(location, '12 Park Row, Leeds');
    expect(input('placeId').value).toBe('');
    expect(bodyText()).not.toContain('On the map:');
    fillTheRest();
    await act(async () => {
      view?.container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    });
    await waitFor(() => expect(view?.calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = view.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(sent.location).toBe('12 Park Row, Leeds');
    expect(sent.placeId).toBeUndefined();
    expect(sent.preferredWindows).toEqual([]);
  });

  it('adds window rows up to five', async () => {
    view = renderInPortal(<CaptureRequestForm />, () => ({ status: 200, body: { items: [] } }));
    const addButton = () =>
      [...view!.container.querySelectorAll('button')].find((button) => button.textContent === 'Add another window');
    for (let rows = 1; rows < 5; rows++) act(() => addButton()?.click());
    expect(view.container.querySelectorAll('[data-testid="preferred-window"]')).toHaveLength(5);
    expect(addButton()).toBeUndefined();
    expect(input('preferredWindows.4.date').type).toBe('date');
  });
});
