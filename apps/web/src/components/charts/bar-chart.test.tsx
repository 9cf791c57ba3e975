import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../../test/mount-per-test.ts';
import { BarChart, layoutAxisLabels, layoutValueLabel, type TBarDatum, valueFontSize } from './bar-chart.tsx';

const mount = mountPerTest();

function render(data: readonly TBarDatum[], formatValue?: (value: number) => string) {
  act(() => mount.root.render(<BarChart title="Orders by status" data={data} formatValue={formatValue} />));
}

const barHeight = (label: string) =>
  Number(mount.container.querySelector(`[data-bar="${label}"] rect`)?.getAttribute('height'));

describe('BarChart', () => {
  it('scales bars to the largest value and labels each one', () => {
    render([
      { label: 'draft', value: 2 },
      { label: 'quoted', value: 8 },
      { label: 'cancelled', value: 0 },
    ]);
    const svg = mount.container.querySelector('svg');
    expect(svg?.getAttribute('role')).toBe('img');
    expect(svg?.getAttribute('aria-label')).toBe('Orders by status');
    expect(barHeight('quoted')).toBeGreaterThan(0);
    expect(barHeight('draft')).toBeCloseTo(barHeight('quoted') / 4);
    expect(barHeight('cancelled')).toBe(0);
    const texts = [...(svg?.querySelectorAll('text') ?? [])].map((text) => text.textContent);
    expect(texts).toEqual(expect.arrayContaining(['2', '8', '0', 'draft', 'quoted', 'cancelled']));
  });

  it('gives screen readers the same figures in a table, formatted', () => {
    render(
      [
        { label: '2026-10', value: 1250 },
        { label: 'A very long provider name', value: 99.5 },
      ],
      (value) => `€${value.toFixed(2)}`,
    );
    const rows = [...mount.container.querySelectorAll('table tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['2026-10', '€1250.00'],
      ['A very long provider name', '€99.50'],
    ]);
    expect(mount.container.querySelector('table caption')?.textContent).toBe('Orders by status');
    // The axis label leans and is shortened; the full label stays in the tooltip.
    const longBar = mount.container.querySelector('[data-bar="A very long provider name"]');
    expect(longBar?.querySelector('title')?.textContent).toBe('A very long provider name: €99.50');
    const axisLabels = [...(longBar?.querySelectorAll('text') ?? [])].map((text) => text.textContent);
    expect(axisLabels).toEqual(['€99.50', 'A very long p…']);
  });

  it('draws nothing when every value is zero and says so when there is no data', () => {
    render([{ label: 'draft', value: 0 }]);
    expect(barHeight('draft')).toBe(0);
    render([]);
    expect(mount.container.querySelector('svg')).toBeNull();
    expect(mount.container.textContent).toContain('No data yet.');
  });

  it('shrinks a value label that would run into the next bar, down to a legible minimum', () => {
    expect(valueFontSize('12', 64)).toBe(12);
    expect(valueFontSize('QKU 1,500', 64)).toBeLessThan(12);
    expect(valueFontSize('QKU 1,500', 64) * 0.6 * 'QKU 1,500'.length).toBeLessThanOrEqual(60);
    expect(valueFontSize('A very long value indeed', 20)).toBe(8);
  });

  it('leaves out crowded zeros and keeps other values inside the chart', () => {
    expect(layoutValueLabel('QCL 0', 0, 12, 24, 288)).toBeNull();
    expect(layoutValueLabel('0', 0, 12, 24, 288)).toEqual({ text: '0', x: 12, fontSize: 12 });
    const last = layoutValueLabel('QCL 1,500', 1500, 276, 24, 288);
    expect(last?.fontSize).toBe(8);
    // 9 glyphs at 8 px ≈ 43 px wide: centred at about 266 it ends at the chart's right edge.
    expect(last?.x).toBeCloseTo(288 - (9 * 8 * 0.6) / 2);
  });

  it('keeps x labels level when they fit, else leans them and skips some on very narrow bars', () => {
    const months = ['Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026'];
    expect(layoutAxisLabels(months, 80)).toEqual({ rotated: false, bottomSpace: 30, leftSpace: 0, texts: months });
    const leaning = layoutAxisLabels(months, 44);
    expect(leaning.rotated).toBe(true);
    expect(leaning.texts).toEqual(months);
    expect(leaning.bottomSpace).toBeGreaterThan(30);
    expect(leaning.leftSpace).toBeGreaterThan(0);
    expect(layoutAxisLabels(months, 7).texts).toEqual(['Dec 2025', '', '', 'Mar 2026']);
  });
});
