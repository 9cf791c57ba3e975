import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../test/render-for-test.tsx';
import { countdownText, RespondByCountdown } from './respond-by-countdown.tsx';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

describe('countdownText', () => {
  it('shows hours and minutes left, rounding the minutes up', () => {
    expect(countdownText(at(48 * HOUR), NOW)).toBe('48h 0m');
    expect(countdownText(at(2 * HOUR + 30 * MINUTE + 10_000), NOW)).toBe('2h 31m');
    expect(countdownText(at(59 * MINUTE), NOW)).toBe('0h 59m');
    expect(countdownText(at(30_000), NOW)).toBe('0h 1m');
  });

  it('reads Expired at and after the deadline', () => {
    expect(countdownText(at(0), NOW)).toBe('Expired');
    expect(countdownText(at(-5 * MINUTE), NOW)).toBe('Expired');
  });
});

describe('RespondByCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks each minute from the real deadline and ends at Expired', () => {
    const view = renderForTest(<RespondByCountdown respondBy={at(HOUR + MINUTE + 30_000)} />);
    const badge = () => view.container.querySelector('[data-testid="respond-by"]')?.textContent;
    expect(badge()).toBe('Respond within 1h 2m');

    act(() => vi.advanceTimersByTime(30_000));
    expect(badge()).toBe('Respond within 1h 1m');

    act(() => vi.advanceTimersByTime(MINUTE));
    expect(badge()).toBe('Respond within 1h 0m');

    // Minute by minute, as time passes in the browser (each render arms the next tick).
    for (let minute = 0; minute < 59; minute++) act(() => vi.advanceTimersByTime(MINUTE));
    expect(badge()).toBe('Respond within 0h 1m');

    act(() => vi.advanceTimersByTime(MINUTE));
    expect(badge()).toBe('Expired');
    view.unmount();
  });

  it('shows Expired for a deadline already past', () => {
    const view = renderForTest(<RespondByCountdown respondBy={at(-HOUR)} />);
    expect(view.container.textContent).toContain('Expired');
    view.unmount();
  });
});
