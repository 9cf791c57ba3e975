import { describe, expect, it } from 'vitest';
import {
  deliverableViewerPath,
  matchDeliverableViewerPath,
  matchProviderJobPath,
  providerJobPath,
} from './portal-paths.ts';

const ORDER = '0d9a4b7e-2f4c-4c55-8a61-5d2b1e9f3a10';
const FILE = '4f8c2a51-9d3e-4b7a-8c61-2e5f9a0b7d14';

describe('the deliverable viewer path', () => {
  it('is built and read back for each portal', () => {
    for (const portal of ['customer', 'provider', 'admin'] as const) {
      const path = deliverableViewerPath(portal, ORDER, FILE);
      expect(path).toBe(`/${portal}/orders/${ORDER}/files/${FILE}`);
      expect(matchDeliverableViewerPath(path)).toEqual({ portal, orderId: ORDER, fileId: FILE });
    }
  });

  it('matches nothing else', () => {
    expect(matchDeliverableViewerPath('/customer/orders')).toBeNull();
    expect(matchDeliverableViewerPath(`/customer/orders/${ORDER}/files/not-an-id`)).toBeNull();
    expect(matchDeliverableViewerPath(`/public/orders/${ORDER}/files/${FILE}`)).toBeNull();
    expect(matchDeliverableViewerPath(`/customer/orders/${ORDER}/files/${FILE}/extra`)).toBeNull();
  });
});

describe("the provider's job path", () => {
  it('is built and read back, and matches nothing else', () => {
    expect(providerJobPath(ORDER)).toBe(`/provider/jobs/${ORDER}`);
    expect(matchProviderJobPath(providerJobPath(ORDER))).toEqual({ assignmentId: ORDER });
    expect(matchProviderJobPath('/provider/jobs')).toBeNull();
    expect(matchProviderJobPath('/provider/jobs/not-an-id')).toBeNull();
    expect(matchProviderJobPath(`/customer/jobs/${ORDER}`)).toBeNull();
    expect(matchProviderJobPath(`/provider/jobs/${ORDER}/extra`)).toBeNull();
  });
});
