import { describe, expect, it } from 'vitest';
import { EMPTY_REQUEST_FORM, formValuesOfOrder, liveEstimate, ZRequestForm } from './request-form.ts';

const filled = {
  ...EMPTY_REQUEST_FORM,
  location: '4 Harbour Road, Leith',
  spaceType: 'commercial',
  spaceSize: 'medium',
  captureType: 'virtual-tour',
  timeline: 'standard',
};

describe('the new request form', () => {
  it('sends no estimate when its three fields are left empty', () => {
    const parsed = ZRequestForm.safeParse(filled);
    expect(parsed.success && parsed.data).toMatchObject({ location: '4 Harbour Road, Leith', estimate: null });
  });

  it("sends the estimator's inputs once all three are given", () => {
    const parsed = ZRequestForm.safeParse({
      ...filled,
      squareMeters: ' 150 ',
      locationType: 'urban',
      urgency: 'priority',
    });
    expect(parsed.success && parsed.data.estimate).toEqual({
      squareMeters: 150,
      locationType: 'urban',
      urgency: 'priority',
    });
  });

  it('asks for the rest of an estimate begun, beside the request messages, with the server messages', () => {
    const parsed = ZRequestForm.safeParse({ ...filled, captureType: '', squareMeters: 'about 150' });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(
      (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      squareMeters: 'Please enter the size as a whole number of square meters.',
      locationType: 'Please select a location type.',
      urgency: 'Please select an urgency.',
      captureType: 'Please select what you need.',
    });
  });

  it('shows the live estimate only when the space type and all three inputs are valid', () => {
    expect(liveEstimate({ ...filled, squareMeters: '150', locationType: 'urban', urgency: '' })).toBeNull();
    // commercial 200 + 0.7 × 150 = 305, urban × 1.1, priority × 1.2 → 403; 363 - 443.
    expect(liveEstimate({ ...filled, squareMeters: '150', locationType: 'urban', urgency: 'priority' })).toMatchObject({
      low: 363,
      high: 443,
      suggestedDevice: 'PRO',
    });
  });

  it('fills from a past order, leaving empty what the order never recorded', () => {
    expect(
      formValuesOfOrder({
        location: 'Hull',
        spaceType: null,
        spaceSize: 'large',
        captureType: 'floor-plan',
        timeline: null,
        additionalInfo: null,
        contactPhone: null,
        estimate: { squareMeters: 80, locationType: 'rural', urgency: 'urgent' },
      }),
    ).toEqual({
      ...EMPTY_REQUEST_FORM,
      location: 'Hull',
      spaceSize: 'large',
      captureType: 'floor-plan',
      squareMeters: '80',
      locationType: 'rural',
      urgency: 'urgent',
    });
  });
});
