import { afterEach, describe, expect, it } from 'vitest';
import { pageText, renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { SupportRequestsList } from './support-requests-list.tsx';

const ID = '5b0c7a3e-9a43-4c8e-9d0a-2f1c9f3b8f11';
const ITEM = {
  id: ID,
  subject: 'Floor plan missing',
  message: 'The PDF is not there.',
  status: 'open',
  organization: { id: '9c1f0b6a-3c1d-4e3f-8d0e-4a4b6f1c2c55', name: 'Acme Holdings' },
  user: { userId: 'cust1', email: 'cara@acme.test', name: 'Cara Customer' },
  assignee: { userId: 'adminA', email: 'ada@spacecapture.test', name: 'Ada Admin' },
  order: { id: '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10', title: 'Virtual Tour — Leeds' },
  replyCount: 2,
  createdAt: '2026-03-12T10:00:00.000Z',
  updatedAt: '2026-03-12T10:00:00.000Z',
};

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

function server(items: unknown[]) {
  return (call: { url: string }) =>
    call.url.endsWith('/assignees')
      ? { status: 200, body: { items: [ITEM.assignee] } }
      : { status: 200, body: { items, nextCursor: null } };
}

describe('SupportRequestsList', () => {
  it('asks for the filters the address holds and links each request to its detail', async () => {
    view = renderInPortal(<SupportRequestsList />, server([ITEM]), '/admin/support?status=open&assignee=me');
    await waitFor(() => expect(pageText()).toContain('Floor plan missing'));
    expect(view.calls.map((call) => call.url)).toContain(
      '/api/admin/support-requests?limit=25&status=open&assignee=me',
    );
    expect(pageText()).toContain('Acme Holdings');
    expect(pageText()).toContain('Virtual Tour — Leeds');
    expect(pageText()).toContain('Ada Admin');
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Floor plan missing');
    expect(link?.getAttribute('href')).toBe(`/admin/support?status=open&assignee=me&request=${ID}`);
  });

  it('ignores a filter the server would refuse, and says when nothing matches', async () => {
    view = renderInPortal(<SupportRequestsList />, server([]), '/admin/support?status=pending');
    await waitFor(() => expect(pageText()).toContain('No support requests yet.'));
    expect(view.calls.map((call) => call.url)).toContain('/api/admin/support-requests?limit=25');
  });
});
