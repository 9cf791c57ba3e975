import type { TAdminSupportRequestDetail } from '@spacecapture/shared/contracts/admin-console/support-requests';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonNamed,
  clickAndSettle,
  pageText,
  renderInPortal,
  typeInto,
  waitFor,
} from '../../../test/render-in-portal.tsx';
import { SupportRequestDetail } from './support-request-detail.tsx';

const ID = '5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11';
const ORDER_ID = '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10';
const ADMIN = { userId: 'adminA', email: 'ada@spacecapture.test', name: 'Ada Admin' };

const REQUEST: TAdminSupportRequestDetail = {
  id: ID,
  subject: 'Floor plan missing',
  message: 'The PDF is not there.',
  status: 'open',
  organization: { id: '9c1f0b6a-3c1d-4e3f-8d0e-4a4b6f1c2c55', name: 'Acme Holdings' },
  user: { userId: 'cust1', email: 'cara@acme.test', name: 'Cara Customer' },
  assignee: null,
  order: { id: ORDER_ID, title: 'Virtual Tour — Leeds' },
  replyCount: 0,
  createdAt: '2026-03-12T10:00:00.000Z',
  updatedAt: '2026-03-12T10:00:00.000Z',
  replies: [],
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function textarea() {
  const found = view?.container.querySelector<HTMLTextAreaElement>('textarea');
  if (!found) throw new Error('no reply box');
  return found;
}

/** The server: the request as it stands, the admins, a reply that answers it, a close. */
function server(initial: TAdminSupportRequestDetail, replyStatus = 201) {
  let current = initial;
  return (call: { url: string; method: string; body: unknown }) => {
    if (call.url.endsWith('/assignees')) return { status: 200, body: { items: [ADMIN] } };
    if (call.method === 'GET') return { status: 200, body: current };
    if (call.url.endsWith('/replies')) {
      if (replyStatus !== 201) {
        return { status: replyStatus, body: { error: { code: 'conflict', message: 'Closed meanwhile.' } } };
      }
      const message = (call.body as { message: string }).message;
      current = {
        ...current,
        status: 'answered',
        replyCount: 1,
        replies: [{ id: ORDER_ID, message, fromAdmin: true, author: ADMIN, createdAt: '2026-03-12T11:00:00.000Z' }],
      };
      return { status: 201, body: current };
    }
    if (call.url.endsWith('/close')) {
      current = { ...current, status: 'closed' };
      return { status: 200, body: current };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  };
}

describe('SupportRequestDetail', () => {
  it('shows who asked about which order, sends a trimmed reply, shows it in the thread and empties the box', async () => {
    view = renderInPortal(<SupportRequestDetail id={ID} onBack={() => {}} />, server(REQUEST));
    await waitFor(() => expect(pageText()).toContain('Floor plan missing'));
    expect(pageText()).toContain('Acme Holdings');
    expect(pageText()).toContain('Cara Customer');
    const orderLink = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Virtual Tour — Leeds');
    expect(orderLink?.getAttribute('href')).toBe(`/admin/orders?order=${ORDER_ID}`);

    await clickAndSettle(buttonNamed('Send reply'));
    await waitFor(() => expect(pageText()).toContain('Please enter a message.'));
    expect(view.calls.filter((call) => call.method === 'POST')).toEqual([]);

    typeInto(textarea(), '  It is attached now.  ');
    await clickAndSettle(buttonNamed('Send reply'));
    await waitFor(() => expect(pageText()).toContain('Reply sent'));
    expect(view.calls.filter((call) => call.method === 'POST')).toEqual([
      { url: `/api/admin/support-requests/${ID}/replies`, method: 'POST', body: { message: 'It is attached now.' } },
    ]);
    await waitFor(() => expect(pageText()).toContain('Answered'));
    expect(pageText()).toContain('It is attached now.');
    expect(textarea().value).toBe('');
  });

  it('keeps the reply typed when sending fails, and shows why', async () => {
    view = renderInPortal(<SupportRequestDetail id={ID} onBack={() => {}} />, server(REQUEST, 409));
    await waitFor(() => expect(pageText()).toContain('Floor plan missing'));
    typeInto(textarea(), 'Answer');
    await clickAndSettle(buttonNamed('Send reply'));
    await waitFor(() => expect(pageText()).toContain('Closed meanwhile.'));
    expect(textarea().value).toBe('Answer');
  });

  it('closes the request; a closed request takes no reply', async () => {
    view = renderInPortal(<SupportRequestDetail id={ID} onBack={() => {}} />, server(REQUEST));
    await waitFor(() => expect(pageText()).toContain('Floor plan missing'));
    await clickAndSettle(buttonNamed('Close request'));
    await waitFor(() => expect(pageText()).toContain('The support request is closed.'));
    expect(view.calls.some((call) => call.method === 'POST' && call.url.endsWith('/close'))).toBe(true);
    await waitFor(() => expect(textarea().disabled).toBe(true));
    expect(buttonNamed('Send reply')?.disabled).toBe(true);
    expect(buttonNamed('Close request')?.disabled).toBe(true);
  });
});
