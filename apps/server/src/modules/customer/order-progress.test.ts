import { describe, expect, it } from 'vitest';
import { orderProgress } from './order-progress.ts';

const states = (progress: ReturnType<typeof orderProgress>) => progress.steps.map((step) => step.state);
const moved = (to: string) => ({ type: 'status_change', metadata: { to } });

describe('orderProgress', () => {
  it('has nothing under way before the job is assigned', () => {
    expect(orderProgress('triage', [], 0)).toMatchObject({ percent: 0 });
    expect(states(orderProgress('approved', [moved('approved')], 0))).toEqual(['pending', 'pending', 'pending']);
  });

  it('follows the job: capture, then processing, then delivery', () => {
    expect(orderProgress('scheduled', [moved('scheduled')], 0)).toMatchObject({ percent: 17 });
    expect(states(orderProgress('scheduled', [moved('scheduled')], 0))).toEqual(['current', 'pending', 'pending']);
    const captured = orderProgress('captured', [moved('captured')], 0);
    expect(states(captured)).toEqual(['done', 'current', 'pending']);
    expect(captured.percent).toBe(50);
    const processed = orderProgress('captured', [moved('captured')], 2);
    expect(states(processed)).toEqual(['done', 'done', 'current']);
    expect(processed.percent).toBe(83);
    expect(orderProgress('delivered', [moved('captured'), moved('delivered')], 1)).toMatchObject({ percent: 100 });
    expect(states(orderProgress('completed', [], 0))).toEqual(['done', 'done', 'done']);
  });

  it('stops where a cancelled order stood, with nothing current', () => {
    expect(states(orderProgress('cancelled', [moved('scheduled')], 0))).toEqual(['pending', 'pending', 'pending']);
  });
});
