import { describe, expect, it } from 'vitest';
import { providerFitsCaptureType, providerFitsOrder, regionCoversLocation } from './provider-fit.ts';

describe('providerFitsCaptureType', () => {
  it('needs a META or MEGA for a point cloud, and for "all of the above"', () => {
    expect(providerFitsCaptureType('point-cloud', ['PRO', 'MINION']).fits).toBe(false);
    expect(providerFitsCaptureType('point-cloud', ['PRO', 'Matterport mega #2']).fits).toBe(true);
    expect(providerFitsCaptureType('all', ['META']).fits).toBe(true);
    expect(providerFitsCaptureType('all', ['PRO']).fits).toBe(false);
  });

  it('matches device names as words, not inside other words', () => {
    expect(providerFitsCaptureType('point-cloud', ['Metaverse Cam']).fits).toBe(false);
    expect(providerFitsCaptureType('point-cloud', ['META-2']).fits).toBe(true);
  });

  it('takes any device for other capture types, and nothing without devices', () => {
    for (const type of ['3d-model', 'virtual-tour', 'floor-plan', 'digital-twin']) {
      expect(providerFitsCaptureType(type, ['MINION']).fits).toBe(true);
      expect(providerFitsCaptureType(type, [])).toEqual({ fits: false, reason: 'No devices registered.' });
    }
  });
});

describe('regionCoversLocation', () => {
  it('finds a region in the location as whole words, whatever the case and accents', () => {
    expect(regionCoversLocation('Kent', 'Kent, Canterbury Road 7')).toBe(true);
    expect(regionCoversLocation('london', '3 Sloane Square, LONDON SW1')).toBe(true);
    expect(regionCoversLocation('Dusseldorf', 'Königsallee 1, Düsseldorf')).toBe(true);
    expect(regionCoversLocation('Isle of Wight', 'Ryde, Isle of Wight')).toBe(true);
  });

  it('finds a part of the location in a wider region', () => {
    expect(regionCoversLocation('Greater London', 'London, 14 Wharf Road')).toBe(true);
    expect(regionCoversLocation('Kent and Sussex', '7 Canterbury Road, Kent')).toBe(true);
  });

  it('refuses another place, and a word only inside another word', () => {
    expect(regionCoversLocation('Berlin', 'Kent, Canterbury Road 7')).toBe(false);
    expect(regionCoversLocation('Bath', 'Bathgate, West Lothian')).toBe(false);
    // A street number alone does not make a match.
    expect(regionCoversLocation('Zone 7', 'Kent, Canterbury Road 7')).toBe(false);
  });
});

describe('providerFitsOrder', () => {
  const kentJob = { captureType: 'virtual-tour', location: 'Kent, Canterbury Road 7' };

  it('fits when devices and a region both fit, naming both', () => {
    expect(providerFitsOrder(kentJob, { deviceModels: ['PRO'], regions: ['London', 'Kent'] })).toEqual({
      fits: true,
      reason: 'Any device can do this capture. Serves Kent.',
    });
  });

  it('does not fit a Berlin provider to a Kent job, and says why', () => {
    expect(providerFitsOrder(kentJob, { deviceModels: ['PRO'], regions: ['Berlin', 'Hamburg'] })).toEqual({
      fits: false,
      reason: 'Serves Berlin, Hamburg, not Kent, Canterbury Road 7.',
    });
  });

  it('does not fit without regions, and names every failing part', () => {
    expect(
      providerFitsOrder({ ...kentJob, captureType: 'point-cloud' }, { deviceModels: ['PRO'], regions: [] }),
    ).toEqual({
      fits: false,
      reason: 'Point clouds need a META or MEGA device. No service regions recorded.',
    });
  });
});
