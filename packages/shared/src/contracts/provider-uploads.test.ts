import { describe, expect, it } from 'vitest';
import { isFileRemovable } from './provider-uploads.ts';

describe('isFileRemovable', () => {
  it('lets any file of a scheduled or captured order go', () => {
    expect(isFileRemovable({ status: 'scheduled', deliveryRound: 0 }, { round: 1 })).toBe(true);
    expect(isFileRemovable({ status: 'captured', deliveryRound: 0 }, { round: 1 })).toBe(true);
  });

  it('keeps every file once the order is delivered or later', () => {
    for (const status of ['delivered', 'completed', 'cancelled']) {
      expect(isFileRemovable({ status, deliveryRound: 1 }, { round: 1 }), status).toBe(false);
    }
  });

  it('while changes are requested, lets only the next round’s files go', () => {
    expect(isFileRemovable({ status: 'changes_requested', deliveryRound: 1 }, { round: 1 })).toBe(false);
    expect(isFileRemovable({ status: 'changes_requested', deliveryRound: 1 }, { round: 2 })).toBe(true);
  });
});
