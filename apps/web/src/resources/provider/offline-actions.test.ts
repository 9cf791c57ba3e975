import { ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryQueueStorage, queueAction, queuedActionsOf, setQueueStorage } from '../../lib/offline/offline-queue.ts';
import { sendOrQueue, sendQueuedActions } from './offline-actions.ts';

const USER = 'user-1';
const JOB = '6f1c2c55-8d0e-4a4b-9c1f-0b6a3c1d2e3f';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const accept = (userId: string | null) => ({
  kind: 'accept' as const,
  assignmentId: JOB,
  body: {},
  label: 'Accept: Office scan',
  userId,
  schema: ZProviderAssignment,
});

describe('an action taken without signal', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    setQueueStorage(memoryQueueStorage());
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits on the device without a request when the browser knows it is offline', async () => {
    setOnline(false);
    const result = await sendOrQueue(accept(USER));
    expect(result.queued).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await queuedActionsOf(USER)).map((action) => action.label)).toEqual(['Accept: Office scan']);
  });

  it('waits on the device when the request gets no answer', async () => {
    setOnline(true);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await sendOrQueue(accept(USER));
    expect(result.queued).toBe(true);
    expect(await queuedActionsOf(USER)).toHaveLength(1);
  });

  it('is refused, not kept, when the server answers with a refusal', async () => {
    setOnline(true);
    fetchMock.mockResolvedValue(reply(409, { error: { code: 'conflict', message: 'This offer has expired.' } }));
    await expect(sendOrQueue(accept(USER))).rejects.toThrow('This offer has expired.');
    expect(await queuedActionsOf(USER)).toEqual([]);
  });

  it('is never kept outside a signed-in portal', async () => {
    setOnline(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(sendOrQueue(accept(null))).rejects.toMatchObject({ status: 0 });
    expect(await queuedActionsOf(USER)).toEqual([]);
  });
});

describe('sending the waiting actions on reconnect', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    setQueueStorage(memoryQueueStorage());
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const queued = (id: string, kind: string, queuedAt: string, userId = USER) =>
    queueAction({ id, userId, kind, targetId: JOB, body: { n: id }, label: `${kind} ${id}`, queuedAt });

  it('sends them in the order taken, reports refusals and keeps what got no answer', async () => {
    await queued('b', 'decline', '2026-12-06T10:02:00Z');
    await queued('a', 'accept', '2026-12-06T10:01:00Z');
    await queued('c', 'propose-schedule', '2026-12-06T10:03:00Z');
    await queued('other', 'accept', '2026-12-06T10:00:00Z', 'someone-else');
    fetchMock
      .mockResolvedValueOnce(reply(200, {}))
      .mockResolvedValueOnce(reply(409, { error: { code: 'conflict', message: 'This offer has expired.' } }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));

    const result = await sendQueuedActions(USER);

    const sentRequests = fetchMock.mock.calls.map(([url, init]) => ({
      url,
      key: new Headers((init as RequestInit).headers).get('Idempotency-Key'),
    }));
    expect(sentRequests).toEqual([
      { url: `/api/provider/assignments/${JOB}/accept`, key: 'a' },
      { url: `/api/provider/assignments/${JOB}/decline`, key: 'b' },
      { url: `/api/provider/assignments/${JOB}/schedule`, key: 'c' },
    ]);
    expect(result.sent.map((action) => action.id)).toEqual(['a']);
    expect(result.refused).toEqual([
      { action: expect.objectContaining({ id: 'b' }), message: 'This offer has expired.' },
    ]);
    expect((await queuedActionsOf(USER)).map((action) => action.id)).toEqual(['c']);
    // Another user's action is never sent from this session.
    expect((await queuedActionsOf('someone-else')).map((action) => action.id)).toEqual(['other']);
  });
});
