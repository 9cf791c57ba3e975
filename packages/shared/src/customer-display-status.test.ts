import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_DISPLAY_STATUSES,
  customerDisplayStatus,
  ORDER_MACHINE,
  ORDER_STATUSES_OF_DISPLAY,
} from './state-machines.ts';

describe('customerDisplayStatus', () => {
  it('reads a delivery awaiting its review as such, and completed only once the review ended', () => {
    expect(customerDisplayStatus('delivered')).toBe('awaiting_review');
    expect(customerDisplayStatus('completed')).toBe('completed');
    expect(customerDisplayStatus('changes_requested')).toBe('in_progress');
    expect(customerDisplayStatus('captured')).toBe('in_progress');
    expect(customerDisplayStatus('quoted')).toBe('pending');
    expect(customerDisplayStatus('cancelled')).toBe('cancelled');
  });

  it('gives every order status exactly one display status, the one its filter asks for', () => {
    const listed = CUSTOMER_DISPLAY_STATUSES.flatMap((display) => [...ORDER_STATUSES_OF_DISPLAY[display]]);
    expect([...listed].sort()).toEqual([...ORDER_MACHINE.states].sort());
    for (const display of CUSTOMER_DISPLAY_STATUSES) {
      for (const status of ORDER_STATUSES_OF_DISPLAY[display]) expect(customerDisplayStatus(status)).toBe(display);
    }
  });
});
