import type { TAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { formatDateTime } from '@spacecapture/shared/format';
import { describe, expect, it } from 'vitest';
import { buildOrderTimeline, describeJobEvent } from './order-timeline.ts';

const PROVIDER = { id: '11111111-1111-4111-8111-111111111111', name: 'Northern Scans' };
const ASSIGNMENT_ID = '22222222-2222-4222-8222-222222222222';

function event(type: string, metadata: Record<string, unknown>, createdAt: string) {
  return { id: crypto.randomUUID(), type, metadata, actor: null, createdAt };
}

const detail: TAdminOrderDetail = {
  order: {
    id: '33333333-3333-4333-8333-333333333333',
    title: 'Virtual Tour — Office, Oslo',
    status: 'cancelled',
    location: 'Oslo',
    captureType: 'virtual-tour',
    preferredDates: null,
    customerOrg: { id: '44444444-4444-4444-8444-444444444444', name: 'Harbour Lofts' },
    currency: 'USD',
    scheduledStart: null,
    scheduledEnd: null,
    createdAt: '2026-05-01T08:00:00.000Z',
    updatedAt: '2026-05-05T08:00:00.000Z',
    leadId: null,
    place: null,
    preferredWindows: [],
    accessNotes: null,
  },
  jobEvents: [
    event(
      'status_change',
      { from: 'assigned', to: 'cancelled', reason: 'Building closed.' },
      '2026-05-05T08:00:00.000Z',
    ),
    event('provider_accept', { assignmentId: ASSIGNMENT_ID, providerOrgId: PROVIDER.id }, '2026-05-03T08:00:00.000Z'),
    event('status_change', { from: 'triage', to: 'assigned', providerOrgId: PROVIDER.id }, '2026-05-02T08:00:00.000Z'),
    event('status_change', { from: null, to: 'triage', leadId: 'x' }, '2026-05-01T08:00:00.000Z'),
  ],
  quotes: [
    {
      id: '55555555-5555-4555-8555-555555555555',
      status: 'sent',
      priceBreakdown: {
        items: [
          { label: 'Capture', amount: 1000 },
          { label: 'Processing', amount: 500 },
        ],
        currency: 'USD',
      },
      total: 1500,
      currency: 'USD',
      sla: 'Standard SLA: 5 business days after capture',
      validityUntil: null,
      sentAt: '2026-05-01T10:00:00.000Z',
      respondedAt: null,
      createdAt: '2026-05-01T09:00:00.000Z',
    },
  ],
  assignments: [
    {
      id: ASSIGNMENT_ID,
      providerOrg: PROVIDER,
      status: 'withdrawn',
      accepted: true,
      respondBy: '2026-05-04T08:00:00.000Z',
      respondedAt: '2026-05-03T08:00:00.000Z',
      scheduledStart: null,
      scheduledEnd: null,
      compensation: null,
      currency: 'USD',
      createdAt: '2026-05-02T08:00:00.000Z',
    },
  ],
  deliverables: [
    {
      id: '66666666-6666-4666-8666-666666666666',
      type: 'file',
      fileName: 'tour.zip',
      size: 3 * 1024 * 1024,
      paths: ['x/tour.zip'],
      uploadedBy: { userId: 'u1', email: 'scanner@example.com', name: null },
      deliveredAt: '2026-05-04T12:00:00.000Z',
      thumbnailUrl: null,
      check: {
        state: 'failed',
        failures: [{ code: 'unreadable', message: 'This is not a zip archive.' }],
        warnings: [],
        facts: {},
        override: { reason: 'The customer has the tour already.', at: '2026-05-04T13:00:00.000Z' },
      },
      createdAt: '2026-05-04T12:00:00.000Z',
      pointTree: { state: 'none', percent: 0, url: null, error: null },
    },
  ],
  ratings: [],
  supportRequests: [],
};

describe('describeJobEvent', () => {
  it('names each kind of job event in words, with the provider when it knows it', () => {
    const names = new Map([[PROVIDER.id, PROVIDER.name]]);
    expect(describeJobEvent({ type: 'provider_decline', metadata: { providerOrgId: PROVIDER.id } }, names).title).toBe(
      'Northern Scans declined the job',
    );
    expect(describeJobEvent({ type: 'provider_accept', metadata: {} }).title).toBe('The provider accepted the job');
    expect(
      describeJobEvent({
        type: 'status_change',
        metadata: { from: 'assigned', to: 'approved', reason: 'offer_expired' },
      }).title,
    ).toBe('Offer expired: back to approved');
    expect(
      describeJobEvent({ type: 'status_change', metadata: { from: 'quoted', to: 'approved', quoteId: 'q' } }).title,
    ).toBe('Quote accepted: order approved');
    expect(describeJobEvent({ type: 'status_change', metadata: { from: 'delivered', to: 'completed' } }).title).toBe(
      'Order completed',
    );
    expect(
      describeJobEvent({
        type: 'deadline',
        metadata: { start: '2026-06-01T09:00:00.000Z', end: '2026-06-01T12:00:00.000Z' },
      }).details[0],
    ).toMatch(/^Window: .+ – .+$/);
    expect(describeJobEvent({ type: 'file_uploaded', metadata: { fileName: 'plan.pdf' } }).title).toBe(
      'File uploaded: plan.pdf',
    );
    expect(describeJobEvent({ type: 'file_removed', metadata: { fileName: 'plan.pdf' } }).title).toBe(
      'File removed: plan.pdf',
    );
    expect(
      describeJobEvent({
        type: 'file_removed',
        metadata: { fileName: 'plan.pdf', replacedBy: { deliverableId: 'x', fileName: 'plan v2.pdf' } },
      }),
    ).toEqual({ title: 'File replaced: plan.pdf', details: ['Replaced by plan v2.pdf'] });
    expect(describeJobEvent({ type: 'site_visit_noted', metadata: {} }).title).toBe('Site visit noted');
    expect(
      describeJobEvent({
        type: 'uploads_opened_early',
        metadata: { reason: 'Venue open early.', windowStart: '2026-05-09T09:00:00.000Z' },
      }),
    ).toEqual({
      title: 'Uploads opened before the capture window',
      details: ['Reason: Venue open early.', `Window starts ${formatDateTime('2026-05-09T09:00:00.000Z')}`],
    });
    expect(
      describeJobEvent({
        type: 'status_change',
        metadata: { from: 'captured', to: 'completed', reason: 'Files sent by courier.', beforeDelivery: true },
      }),
    ).toEqual({ title: 'Order completed before delivery', details: ['Reason: Files sent by courier.'] });
  });
});

describe('buildOrderTimeline', () => {
  it('merges events, quotes, offers and deliverables newest first, with readable labels and figures', () => {
    const timeline = buildOrderTimeline(detail);
    expect(timeline.map((entry) => entry.title)).toEqual([
      'Order cancelled',
      'Deliverable: tour.zip (3 MB)',
      'Northern Scans accepted the job',
      'Assigned to Northern Scans',
      'Offered to Northern Scans',
      expect.stringMatching(/^Quote of .*1,500\.00/),
      'Order created from a lead',
    ]);
    expect(timeline[0]!.details).toEqual(['Reason: Building closed.']);
    const quote = timeline.find((entry) => entry.kind === 'quote')!;
    expect(quote.status).toBe('sent');
    expect(quote.details[0]).toMatch(/Capture .*1,000\.00 · Processing .*500\.00/);
    const offer = timeline.find((entry) => entry.kind === 'assignment')!;
    expect(offer.status).toBe('withdrawn');
    expect(offer.details[0]).toMatch(/^Respond by /);
    expect(timeline[1]!.by).toBe('scanner@example.com');
    // The file's quality check and the admin's override of it (decision 236).
    expect(timeline[1]!.details).toEqual([
      'Check failed',
      'This is not a zip archive.',
      'Let through by an admin: The customer has the tour already.',
    ]);
  });
});
