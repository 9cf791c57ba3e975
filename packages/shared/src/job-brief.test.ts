import { describe, expect, it } from 'vitest';
import { CAPTURE_TYPES } from './enums.ts';
import { deliverablesForCaptureType, devicesForCaptureType } from './job-brief.ts';

describe('the job brief', () => {
  it('names the LiDAR devices for point clouds and every device for other captures', () => {
    expect(devicesForCaptureType('point-cloud')).toEqual(['META', 'MEGA']);
    expect(devicesForCaptureType('all')).toEqual(['META', 'MEGA']);
    expect(devicesForCaptureType('virtual-tour')).toEqual(['PRO', 'MINION', 'META', 'MEGA']);
  });

  it('expects at least one deliverable of every capture type, all of them for "All of the above"', () => {
    for (const type of CAPTURE_TYPES) expect(deliverablesForCaptureType(type).length).toBeGreaterThan(0);
    expect(deliverablesForCaptureType('point-cloud')).toEqual(['Point cloud: survey-grade, in E57 and PLY']);
    expect(deliverablesForCaptureType('all')).toHaveLength(5);
    expect(deliverablesForCaptureType('unknown')).toEqual([]);
  });
});
