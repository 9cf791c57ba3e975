import { Notifications, notifications } from '@mantine/notifications';
import { WORKFLOW_MESSAGES } from '@spacecapture/shared/contracts/admin-workflow';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inputByLabel, renderForTest, typeInto } from '../../../test/render-for-test.tsx';
import { checkWindow, ScheduleProposalForm } from './schedule-proposal-form.tsx';

const ASSIGNMENT_ID = '6f1c2c55-8d0e-4a4b-9c1f-0b6a3c1d2e3f';
const NOW = Date.parse('2026-11-22T10:00:00');

/** A datetime-local value `days` from NOW at `hour` o'clock (the browser's time zone). */
function local(days: number, hour: number) {
  const date = new Date(NOW + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}

describe('checkWindow', () => {
  it('needs both ends, an end after the start and a start in the future', () => {
    expect(checkWindow('', local(2, 9), NOW)).toEqual({ ok: false, missing: true });
    expect(checkWindow(local(2, 9), '', NOW)).toEqual({ ok: false, missing: true });
    expect(checkWindow(local(2, 17), local(2, 9), NOW)).toEqual({
      ok: false,
      errors: { end: WORKFLOW_MESSAGES.windowOrder },
    });
    expect(checkWindow(local(2, 9), local(2, 9), NOW)).toEqual({
      ok: false,
      errors: { end: WORKFLOW_MESSAGES.windowOrder },
    });
    expect(checkWindow(local(-1, 9), local(2, 9), NOW)).toEqual({
      ok: false,
      errors: { start: WORKFLOW_MESSAGES.windowInFuture },
    });
    expect(checkWindow(local(2, 9), local(2, 17), NOW)).toEqual({
      ok: true,
      start: new Date(local(2, 9)).toISOString(),
      end: new Date(local(2, 17)).toISOString(),
    });
  });
});

describe('ScheduleProposalForm', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let view: ReturnType<typeof renderForTest>;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    view = renderForTest(
      <>
        <Notifications />
        <ScheduleProposalForm assignmentId={ASSIGNMENT_ID} />
      </>,
    );
  });
  afterEach(() => {
    view.unmount();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    // Toasts live in a module-wide store: the next test starts without them.
    act(() => notifications.clean());
  });

  /** The toasts shown, as the reader sees them (Mantine renders them outside the form). */
  const toasts = () =>
    [...document.querySelectorAll('.mantine-Notification-root')].map((toast) => toast.textContent ?? '');

  const submit = async () => {
    const button = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Propose schedule');
    await act(async () => button?.click());
  };

  it("refuses a missing end with the spec's toast and sends nothing", async () => {
    typeInto(inputByLabel(view.container, 'Start'), local(2, 9));
    await submit();
    await vi.waitFor(() => expect(toasts()).toEqual(['Enter a windowPlease select start and end date/time.']));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows an end before the start under End and sends nothing', async () => {
    typeInto(inputByLabel(view.container, 'Start'), local(2, 17));
    typeInto(inputByLabel(view.container, 'End'), local(2, 9));
    await submit();
    expect(view.container.textContent).toContain(WORKFLOW_MESSAGES.windowOrder);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a valid window as ISO instants and shows the spec toast', async () => {
    const proposed = {
      id: ASSIGNMENT_ID,
      orderId: '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10',
      status: 'accepted',
      orderStatus: 'assigned',
      accepted: true,
      respondBy: new Date(NOW + 86_400_000).toISOString(),
      respondedAt: new Date(NOW).toISOString(),
      masked: false,
      title: 'Office capture',
      location: '1 Main Street',
      customer: 'Acme',
      captureType: 'virtual-tour',
      preferredDates: null,
      compensation: null,
      currency: 'USD',
      scheduledStart: null,
      scheduledEnd: null,
      proposedStart: new Date(local(3, 9)).toISOString(),
      proposedEnd: new Date(local(3, 17)).toISOString(),
      proposedWindows: [{ start: new Date(local(3, 9)).toISOString(), end: new Date(local(3, 17)).toISOString() }],
      uploads: { open: false, opensAt: null, openedEarly: false },
      area: null,
      timeZone: null,
      coordinates: null,
      preferredWindows: [],
      accessNotes: null,
      siteContact: null,
      createdAt: new Date(NOW).toISOString(),
    };
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(proposed), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    typeInto(inputByLabel(view.container, 'Start'), local(3, 9));
    typeInto(inputByLabel(view.container, 'End'), local(3, 17));
    await submit();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/provider/assignments/${ASSIGNMENT_ID}/schedule`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      start: new Date(local(3, 9)).toISOString(),
      end: new Date(local(3, 17)).toISOString(),
    });
    await vi.waitFor(() => expect(toasts()).toEqual(['Schedule proposedAdmin will review and confirm.']));
    expect(inputByLabel(view.container, 'Start').value).toBe('');
  });

  it("shows the server's refusal in a Failed toast", async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: { code: 'conflict', message: 'Cannot propose a schedule: the order is already scheduled.' },
        }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    typeInto(inputByLabel(view.container, 'Start'), local(3, 9));
    typeInto(inputByLabel(view.container, 'End'), local(3, 17));
    await submit();
    await vi.waitFor(() =>
      expect(toasts()).toEqual(['FailedCannot propose a schedule: the order is already scheduled.']),
    );
  });
});
