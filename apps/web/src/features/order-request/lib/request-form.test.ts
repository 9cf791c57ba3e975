import { describe, expect, it } from 'vitest';
import { EMPTY_REQUEST_FORM, formValuesOfOrder, liveEstimate, requestFormSchema } from './request-form.ts';

const filled = {
  ...EMPTY_REQUEST_FORM,
  location: '4 Harbour Road, Leith',
  spaceType: 'commercial',
  spaceSize: 'medium',
  captureType: 'virtual-tour',
  timeline: 'standard',
};

const metric = requestFormSchema('metric');
const imperial = requestFormSchema('imperial');

describe('the new request form', () => {
  it('sends no estimate when its fields are left empty', () => {
    const parsed = metric.safeParse(filled);
    expect(parsed.success && parsed.data).toMatchObject({ location: '4 Harbour Road, Leith', estimate: null });
  });

  it('sends the size in the organisation’s unit, and no urgency: the timeline is the one answer', () => {
    const inMeters = metric.safeParse({ ...filled, size: ' 150 ', locationType: 'urban' });
    expect(inMeters.success && inMeters.data.estimate).toEqual({ squareMeters: 150, locationType: 'urban' });
    const inFeet = imperial.safeParse({ ...filled, size: '1600', locationType: 'urban' });
    expect(inFeet.success && inFeet.data.estimate).toEqual({ squareFeet: 1600, locationType: 'urban' });
  });

  it('asks for the rest of an estimate begun, in the unit asked, beside the request messages', () => {
    const parsed = imperial.safeParse({ ...filled, captureType: '', size: 'about 1600' });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(
      (parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      size: 'Please enter the size as a whole number of square feet.',
      locationType: 'Please select a location type.',
      captureType: 'Please select what you need.',
    });
    const inMeters = metric.safeParse({ ...filled, size: 'none', locationType: 'urban' });
    expect(inMeters.error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter the size as a whole number of square meters.',
    ]);
  });

  it('estimates live from the timeline, once the space type, size and location type are valid', () => {
    expect(liveEstimate({ ...filled, timeline: '', size: '150', locationType: 'urban' }, 'metric')).toBeNull();
    expect(liveEstimate({ ...filled, size: '150', locationType: '' }, 'metric')).toBeNull();
    // commercial 200 + 0.7 × 150 = 305, urban × 1.1 → 335.5 → 336 (standard); 302 - 370.
    expect(liveEstimate({ ...filled, size: '150', locationType: 'urban' }, 'metric')).toMatchObject({
      low: 302,
      high: 370,
      turnaroundDays: 5,
    });
    // An urgent timeline (ASAP) is the estimator's urgent: × 1.5 → 503; 453 - 553, 1 day.
    expect(liveEstimate({ ...filled, timeline: 'urgent', size: '150', locationType: 'urban' }, 'metric')).toMatchObject(
      { low: 453, high: 553, turnaroundDays: 1 },
    );
    // 1,615 sq ft is 150 m²: the same estimate.
    expect(liveEstimate({ ...filled, size: '1615', locationType: 'urban' }, 'imperial')).toMatchObject({
      low: 302,
      high: 370,
    });
  });

  it('fills from a past order in the organisation’s unit, leaving empty what the order never recorded', () => {
    const values = {
      location: 'Hull',
      spaceType: null,
      spaceSize: 'large',
      captureType: 'floor-plan',
      timeline: null,
      additionalInfo: null,
      contactPhone: null,
      estimate: { squareMeters: 80, squareFeet: null, locationType: 'rural', urgency: 'urgent' },
    } as const;
    expect(formValuesOfOrder(values, 'metric')).toEqual({
      ...EMPTY_REQUEST_FORM,
      location: 'Hull',
      spaceSize: 'large',
      captureType: 'floor-plan',
      size: '80',
      locationType: 'rural',
    });
    expect(formValuesOfOrder(values, 'imperial').size).toBe('861');
    // A size typed in feet comes back as typed.
    expect(formValuesOfOrder({ ...values, estimate: { ...values.estimate, squareFeet: 860 } }, 'imperial').size).toBe(
      '860',
    );
  });
});
