import type { TCaptureRequestInput } from '@spacecapture/shared/contracts/public-forms';

/**
 * Request i of a load run: its Idempotency-Key and e-mail derive from a prefix and i, so a
 * replay resends exactly the same request and the stored rows can be matched to the answers.
 */
export function idempotencyKey(prefix: string, index: number): string {
  // The server wants 8 to 128 characters.
  return `bench-${prefix}-${String(index).padStart(6, '0')}`;
}

export function emailOf(prefix: string, index: number): string {
  return `${prefix}-${index}@bench.example`;
}

/** A valid capture request, as the public form sends it. */
export function captureRequestBody(prefix: string, index: number): TCaptureRequestInput {
  return {
    name: 'Bench Customer',
    email: emailOf(prefix, index),
    phone: '+1 555 0100',
    companyName: 'Bench Co',
    spaceType: 'commercial',
    location: 'Berlin, Germany',
    spaceSize: 'medium',
    captureType: 'virtual-tour',
    timeline: 'standard',
    additionalInfo: 'Two floors of offices; weekday mornings preferred.',
    terms: true,
  };
}
