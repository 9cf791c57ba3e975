import type { TFileCheck } from '@spacecapture/shared/contracts/quality-checks';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForTest } from '../../../test/render-for-test.tsx';
import { checkFactsLine, FileCheckStatus } from './file-check-status.tsx';

let mounted: ReturnType<typeof renderForTest> | undefined;
afterEach(() => mounted?.unmount());

const check = (values: Partial<TFileCheck>): TFileCheck => ({
  state: 'passed',
  failures: [],
  warnings: [],
  facts: {},
  override: null,
  ...values,
});
const shown = (value: TFileCheck) => {
  mounted?.unmount();
  mounted = renderForTest(<FileCheckStatus check={value} />);
  const panel = mounted.container.querySelector('[role="status"][aria-label="Quality check"]');
  expect(panel).not.toBeNull();
  return panel;
};

describe('FileCheckStatus', () => {
  it('shows a passed point cloud with its facts', () => {
    const panel = shown(
      check({
        state: 'passed',
        facts: { points: 1_250_000, densityPerM2: 312.5, coordinateSystem: 'wkt', units: 'metre' },
      }),
    );
    expect(panel?.textContent).toBe('Check passed · 1,250,000 points · 312.5 points/m² · coordinate system in metres');
  });

  it('lists the failures that block delivery and the warnings that do not', () => {
    const panel = shown(
      check({
        state: 'failed',
        failures: [{ code: 'does_not_fit', message: 'This file does not fit the order: it is an image.' }],
        warnings: [{ code: 'no_crs', message: 'No coordinate system is recorded.' }],
        facts: { format: 'PNG', width: 640, height: 480 },
      }),
    );
    expect(panel?.textContent).toContain('Check failed · 640 × 480 px');
    const items = [...(panel?.querySelectorAll('li') ?? [])].map((item) => item.textContent);
    expect(items).toEqual(['This file does not fit the order: it is an image.', 'No coordinate system is recorded.']);
  });

  it("shows an admin's override with its reason, and no facts while the check waits", () => {
    const overridden = shown(
      check({
        state: 'failed',
        failures: [{ code: 'unreadable', message: 'The PDF does not open.' }],
        override: { reason: 'The customer has the plan already.', at: '2026-12-06T10:00:00.000Z' },
      }),
    );
    expect(overridden?.textContent).toContain('Let through by an admin: The customer has the plan already.');
    expect(shown(check({ state: 'checking', facts: { points: 5 } }))?.textContent).toBe('Checking…');
  });
});

describe('checkFactsLine', () => {
  it('says pages, duration and a missing coordinate system in words', () => {
    expect(checkFactsLine({ pages: 3 })).toBe('3 pages');
    expect(checkFactsLine({ pages: 1 })).toBe('1 page');
    expect(checkFactsLine({ durationSeconds: 75.5 })).toBe('1:16 long');
    expect(checkFactsLine({ points: 10, coordinateSystem: null })).toBe('10 points · no coordinate system');
  });
});
