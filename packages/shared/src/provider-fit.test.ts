import { describe, expect, it } from 'vitest';
import { providerFitsCaptureType } from './provider-fit.ts';

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
