import { TEXT_MESSAGES } from '@spacecapture/shared/fields';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInPortal, typeInto, waitFor } from '../../../test/render-in-portal.tsx';
import { SupportRequestForm } from './support-request-form.tsx';

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function element<T extends Element>(selector: string): T {
  const found = view?.container.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}
const subject = () => element<HTMLInputElement>('input');
const message = () => element<HTMLTextAreaElement>('textarea');
const submit = () =>
  act(async () => {
    view?.container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  });
const bodyText = () => document.body.textContent ?? '';

/** The organisation has no orders yet; `post` answers the form's POST. */
function server(post: { status: number; body: unknown }) {
  return (call: { method: string; url: string }) =>
    call.method === 'GET' ? { status: 200, body: { items: [], nextCursor: null } } : post;
}
const posts = () => view?.calls.filter((call) => call.method === 'POST');

describe('SupportRequestForm', () => {
  it('asks for a subject and a message and sends nothing without them', async () => {
    view = renderInPortal(<SupportRequestForm />, server({ status: 201, body: {} }));
    expect(message().getAttribute('rows')).toBe('4');
    await submit();
    await waitFor(() => {
      expect(bodyText()).toContain('Please enter a subject.');
      expect(bodyText()).toContain('Please enter a message.');
    });
    typeInto(subject(), '   ');
    await submit();
    await waitFor(() => expect(bodyText()).toContain('Please enter a subject.'));
    expect(posts()).toEqual([]);
  });

  it('sends the trimmed request, confirms it and clears the form', async () => {
    view = renderInPortal(
      <SupportRequestForm />,
      server({
        status: 201,
        body: { id: '5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11', createdAt: '2026-03-12T10:00:00.000Z' },
      }),
    );
    typeInto(subject(), '  Missing file ');
    typeInto(message(), 'The point cloud is not there.');
    await submit();
    await waitFor(() => expect(bodyText()).toContain('Message Sent'));
    expect(posts()).toEqual([
      {
        url: '/api/customer/support',
        method: 'POST',
        body: { subject: 'Missing file', message: 'The point cloud is not there.', orderId: null },
      },
    ]);
    expect(subject().value).toBe('');
    expect(message().value).toBe('');
    expect(bodyText()).toContain('Reference 5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11');
  });

  it('sends a message with tabs and line breaks as typed, and refuses a control character in the subject', async () => {
    view = renderInPortal(
      <SupportRequestForm />,
      server({
        status: 201,
        body: { id: '5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11', createdAt: '2026-03-12T10:00:00.000Z' },
      }),
    );
    typeInto(subject(), 'Missing\u0000 file');
    typeInto(message(), 'Two files are missing:\n\tscan.e57\r\n\tplan.pdf');
    await submit();
    await waitFor(() => expect(bodyText()).toContain(TEXT_MESSAGES.singleLine));
    expect(posts()).toEqual([]);
    typeInto(subject(), 'Missing files');
    await submit();
    await waitFor(() => expect(bodyText()).toContain('Message Sent'));
    expect(posts()).toEqual([
      {
        url: '/api/customer/support',
        method: 'POST',
        body: { subject: 'Missing files', message: 'Two files are missing:\n\tscan.e57\r\n\tplan.pdf', orderId: null },
      },
    ]);
  });

  it("keeps what was typed and shows the server's message when sending fails", async () => {
    view = renderInPortal(
      <SupportRequestForm />,
      server({
        status: 500,
        body: { error: { code: 'internal', message: 'The database is not available.' } },
      }),
    );
    typeInto(subject(), 'Missing file');
    typeInto(message(), 'Where is it?');
    await submit();
    await waitFor(() => expect(bodyText()).toContain('The database is not available.'));
    expect(bodyText()).toContain('Failed');
    expect(subject().value).toBe('Missing file');
    expect(message().value).toBe('Where is it?');
  });
});
