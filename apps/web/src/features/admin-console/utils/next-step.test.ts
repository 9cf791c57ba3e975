import type { TAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { describe, expect, it } from 'vitest';
import { nextStepOf } from './next-step.ts';

const ORDER_ID = '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10';
const ASSIGNMENT_ID = '6f1c2c55-8d0e-4a4b-9c1f-0b6a3c1d2e3f';

function detail(
  order: Partial<TAdminOrderDetail['order']>,
  more: Partial<Omit<TAdminOrderDetail, 'order'>> = {},
): TAdminOrderDetail {
  return {
    order: { id: ORDER_ID, status: 'triage', scheduledStart: null, ...order } as TAdminOrderDetail['order'],
    jobEvents: [],
    quotes: [],
    assignments: [],
    deliverables: [],
    ratings: [],
    supportRequests: [],
    ...more,
  };
}

const quote = (status: string) => ({ status }) as TAdminOrderDetail['quotes'][number];
const assignment = (status: string) =>
  ({
    id: ASSIGNMENT_ID,
    status,
    providerOrg: { id: 'p', name: 'Kent Scans' },
    respondBy: '2030-01-02T09:00:00.000Z',
  }) as TAdminOrderDetail['assignments'][number];

describe('nextStepOf', () => {
  it('sends the admin to write a quote, then to send the draft, each on the quotes page for this order', () => {
    expect(nextStepOf(detail({}))).toEqual({
      waitsFor: 'admin',
      text: 'The order waits for its quote.',
      action: { label: 'Create quote', href: `/admin/quotes?order=${ORDER_ID}` },
    });
    expect(nextStepOf(detail({}, { quotes: [quote('draft')] })).action?.label).toBe('Send quote');
    expect(nextStepOf(detail({}, { quotes: [quote('declined')] })).text).toBe(
      'The last quote was declined: write a new one.',
    );
  });

  it('waits for the customer on a sent quote, then sends the admin to assign', () => {
    expect(nextStepOf(detail({ status: 'quoted' }))).toMatchObject({ waitsFor: 'customer' });
    expect(nextStepOf(detail({ status: 'approved' }))).toEqual({
      waitsFor: 'admin',
      text: 'The customer accepted the quote: offer the job to a provider.',
      action: { label: 'Assign a provider', href: `/admin/assignments?order=${ORDER_ID}` },
    });
    expect(nextStepOf(detail({ status: 'approved' }, { assignments: [assignment('declined')] })).text).toBe(
      "Kent Scans's offer was declined: offer the job to another provider.",
    );
  });

  it('waits for the provider on an open offer, and asks the admin to confirm once windows are proposed', () => {
    expect(nextStepOf(detail({ status: 'assigned' }, { assignments: [assignment('offered')] }))).toMatchObject({
      waitsFor: 'provider',
    });
    const accepted = detail({ status: 'assigned' }, { assignments: [assignment('accepted')] });
    expect(nextStepOf(accepted)).toEqual({
      waitsFor: 'provider',
      text: 'Kent Scans accepted the job and proposes a capture window next.',
    });
    const proposed = {
      ...accepted,
      jobEvents: [
        {
          id: 'e',
          type: 'deadline',
          metadata: { assignmentId: ASSIGNMENT_ID },
          actor: null,
          createdAt: '2030-01-01T00:00:00.000Z',
        },
      ],
    };
    expect(nextStepOf(proposed)).toMatchObject({
      waitsFor: 'admin',
      action: { label: 'Confirm schedule', href: `/admin/assignments?order=${ORDER_ID}` },
    });
  });

  it('has nothing left to do on a completed or cancelled order', () => {
    expect(nextStepOf(detail({ status: 'completed' })).waitsFor).toBe('nobody');
    expect(nextStepOf(detail({ status: 'cancelled' })).waitsFor).toBe('nobody');
  });
  it('reads the newest quote and offer, which the order detail lists first', () => {
    expect(nextStepOf(detail({}, { quotes: [quote('draft'), quote('declined')] })).action?.label).toBe('Send quote');
    expect(
      nextStepOf(detail({ status: 'assigned' }, { assignments: [assignment('offered'), assignment('expired')] }))
        .waitsFor,
    ).toBe('provider');
  });
});
