import type { TCustomerSupportRequest } from '@spacecapture/shared/contracts/customer-portal';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonNamed,
  clickAndSettle,
  pageText,
  renderInPortal,
  typeInto,
  waitFor,
} from '../../../test/render-in-portal.tsx';
import { SupportRequestsThread } from './support-requests-thread.tsx';

const ID = '5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11';

const ANSWERED: TCustomerSupportRequest = {
  id: ID,
  subject: 'Floor plan missing',
  message: 'The PDF is not there.',
  status: 'answered',
  order: { id: '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10', title: 'Virtual Tour — Leeds' },
  requesterName: 'Cara Customer',
  replies: [
    {
      id: '6f1c2c55-8d0e-4a4b-9c1f-0b6a3c1d2e3f',
      message: 'It is attached now.',
      fromAdmin: true,
      authorName: null,
      createdAt: '2026-03-12T11:00:00.000Z',
    },
  ],
  createdAt: '2026-03-12T10:00:00.000Z',
  updatedAt: '2026-03-12T11:00:00.000Z',
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

describe('SupportRequestsThread', () => {
  it("shows the support team's answer and sends the customer's reply, then empties the box", async () => {
    let current = ANSWERED;
    view = renderInPortal(<SupportRequestsThread />, (call) => {
      if (call.method === 'GET') return { status: 200, body: { items: [current] } };
      const message = (call.body as { message: string }).message;
      current = {
        ...current,
        status: 'open',
        replies: [
          ...current.replies,
          { id: ID, message, fromAdmin: false, authorName: 'Cara Customer', createdAt: '2026-03-12T12:00:00.000Z' },
        ],
      };
      return { status: 201, body: current };
    });
    await waitFor(() => expect(pageText()).toContain('Floor plan missing'));
    expect(pageText()).toContain('Answered');
    expect(pageText()).toContain('Virtual Tour — Leeds');
    // The thread is there once the request is opened.
    await clickAndSettle(
      [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Floor plan missing')),
    );
    await waitFor(() => expect(pageText()).toContain('It is attached now.'));
    expect(pageText()).toContain('Support team');

    const box = view.container.querySelector('textarea') as HTMLTextAreaElement;
    typeInto(box, 'Thanks, but it is empty.');
    await clickAndSettle(buttonNamed('Send reply'));
    await waitFor(() => expect(pageText()).toContain('Reply sent'));
    expect(view.calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: `/api/customer/support-requests/${ID}/replies`,
        method: 'POST',
        body: { message: 'Thanks, but it is empty.' },
      },
    ]);
    await waitFor(() => expect(pageText()).toContain('Waiting for our reply'));
    expect(pageText()).toContain('Thanks, but it is empty.');
    expect((view.container.querySelector('textarea') as HTMLTextAreaElement).value).toBe('');
  });

  it('says when there are no requests yet', async () => {
    view = renderInPortal(<SupportRequestsThread />, () => ({ status: 200, body: { items: [] } }));
    await waitFor(() => expect(pageText()).toContain('No support requests yet.'));
  });
});
