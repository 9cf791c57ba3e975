import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonNamed,
  clickAndSettle,
  pageText,
  renderInPortal,
  typeInto,
  waitFor,
} from '../../../test/render-in-portal.tsx';
import { CheckOverrideButton } from './check-override-button.tsx';

const ORDER_ID = '00000000-0000-4000-8000-0000000000b1';
const FILE = {
  id: '00000000-0000-4000-8000-0000000000f1',
  fileName: 'photo.png',
  failures: [{ code: 'does_not_fit', message: 'This file does not fit the order: it is an image.' }],
};

let rendered: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => rendered?.unmount());

const reasonField = () => document.querySelector<HTMLTextAreaElement>('textarea');

describe('letting a file through its failed check', () => {
  it('asks for a reason, then sends it and confirms', async () => {
    rendered = renderInPortal(<CheckOverrideButton orderId={ORDER_ID} file={FILE} />, () => ({
      status: 200,
      body: {
        state: 'failed',
        failures: FILE.failures,
        warnings: [],
        facts: {},
        override: { reason: 'Site photo asked for by the customer', at: '2026-12-01T10:00:00.000Z' },
      },
    }));
    await clickAndSettle(buttonNamed('Let through'));
    await waitFor(() => expect(pageText()).toContain('Let photo.png through its check?'));
    expect(pageText()).toContain('This file does not fit the order: it is an image.');
    await clickAndSettle(buttonNamed('Let the file through'));
    expect(pageText()).toContain('Give a reason for letting this file through its check.');
    expect(rendered.calls).toEqual([]);

    typeInto(reasonField()!, 'Site photo asked for by the customer');
    await clickAndSettle(buttonNamed('Let the file through'));
    await waitFor(() => expect(pageText()).toContain('File let through'));
    expect(rendered.calls).toEqual([
      {
        url: `/api/admin/files/${FILE.id}/check-override`,
        method: 'POST',
        body: { reason: 'Site photo asked for by the customer' },
      },
    ]);
  });

  it('keeps the dialog and the reason when the server refuses', async () => {
    rendered = renderInPortal(<CheckOverrideButton orderId={ORDER_ID} file={FILE} />, () => ({
      status: 409,
      body: { error: { code: 'conflict', message: 'Only a file whose check failed can be let through.' } },
    }));
    await clickAndSettle(buttonNamed('Let through'));
    typeInto(reasonField()!, 'Checked by hand');
    await clickAndSettle(buttonNamed('Let the file through'));
    await waitFor(() => expect(pageText()).toContain('Only a file whose check failed can be let through.'));
    expect(reasonField()?.value).toBe('Checked by hand');
  });
});
