import { describe, expect, it } from 'vitest';
import { orderProgress } from './order-progress.ts';

const states = (progress: ReturnType<typeof orderProgress>) => progress.steps.map((step) => step.state);
const dates = (progress: ReturnType<typeof orderProgress>) => progress.steps.map((step) => step.at);

const day = (date: number, hour = 9) => new Date(Date.UTC(2026, 10, date, hour));
const moved = (to: string, at: Date) => ({ type: 'status_change', metadata: { to }, createdAt: at });
const file = (at: Date) => ({ type: 'file_uploaded', metadata: { fileName: 'scan.e57' }, createdAt: at });

/** A window confirmed on Nov 20 for Nov 28, 09:00. */
const windowStart = day(28);
const scheduled = [moved('assigned', day(18)), moved('scheduled', day(20))];

describe('orderProgress', () => {
  it('has nothing under way before the job is assigned', () => {
    const progress = orderProgress({ status: 'approved', scheduledStart: null }, [moved('approved', day(17))], day(24));
    expect(progress.percent).toBe(0);
    expect(states(progress)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
  });

  it('is scheduling while the provider holds the job and no window is confirmed', () => {
    const progress = orderProgress({ status: 'assigned', scheduledStart: null }, [moved('assigned', day(18))], day(19));
    expect(states(progress)).toEqual(['current', 'pending', 'pending', 'pending', 'pending']);
    expect(progress.percent).toBe(10);
  });

  it('claims no capture before the window: only the confirmed schedule is done, dated when it was confirmed', () => {
    const progress = orderProgress({ status: 'scheduled', scheduledStart: windowStart }, scheduled, day(24));
    expect(states(progress)).toEqual(['done', 'pending', 'pending', 'pending', 'pending']);
    expect(dates(progress)).toEqual([day(20).toISOString(), null, null, null, null]);
    expect(progress.percent).toBe(20);
  });

  it('shows the capture under way once the window has started, and done only when files arrive', () => {
    const during = orderProgress({ status: 'scheduled', scheduledStart: windowStart }, scheduled, day(28, 10));
    expect(states(during)).toEqual(['done', 'current', 'pending', 'pending', 'pending']);
    // The window passing proves nothing: without files the capture is still not done.
    const after = orderProgress({ status: 'scheduled', scheduledStart: windowStart }, scheduled, day(30));
    expect(states(after)).toEqual(['done', 'current', 'pending', 'pending', 'pending']);

    const captured = orderProgress(
      { status: 'captured', scheduledStart: windowStart },
      [...scheduled, file(day(28, 15)), moved('captured', day(28, 15)), file(day(29))],
      day(30),
    );
    expect(states(captured)).toEqual(['done', 'done', 'current', 'pending', 'pending']);
    expect(captured.steps[1]?.at).toBe(day(28, 15).toISOString());
    expect(captured.percent).toBe(50);
  });

  it('dates processing and delivery by the delivery itself, never by now', () => {
    const events = [...scheduled, file(day(28, 15)), moved('captured', day(28, 15)), moved('delivered', day(30))];
    const delivered = orderProgress({ status: 'delivered', scheduledStart: windowStart }, events, day(40));
    expect(dates(delivered).slice(0, 4)).toEqual([
      day(20).toISOString(),
      day(28, 15).toISOString(),
      day(30).toISOString(),
      day(30).toISOString(),
    ]);
  });

  it("waits for the customer's review after delivery: not 100 % until the delivery is approved", () => {
    const events = [...scheduled, file(day(28, 15)), moved('captured', day(28, 15)), moved('delivered', day(30))];
    const delivered = orderProgress({ status: 'delivered', scheduledStart: windowStart }, events, day(40));
    expect(states(delivered)).toEqual(['done', 'done', 'done', 'done', 'current']);
    expect(delivered.percent).toBe(90);
    const sentBack = orderProgress(
      { status: 'changes_requested', scheduledStart: windowStart },
      [...events, moved('changes_requested', day(31))],
      day(40),
    );
    expect(states(sentBack)).toEqual(['done', 'done', 'done', 'done', 'current']);
    const approved = orderProgress(
      { status: 'completed', scheduledStart: windowStart },
      [...events, moved('completed', day(33))],
      day(40),
    );
    expect(states(approved)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(dates(approved)).toEqual([...dates(delivered).slice(0, 4), day(33).toISOString()]);
    expect(approved.percent).toBe(100);
  });

  it('does not invent steps for an order completed before delivery, nor for one cancelled', () => {
    const early = orderProgress(
      { status: 'completed', scheduledStart: windowStart },
      [...scheduled, moved('completed', day(25))],
      day(26),
    );
    expect(states(early)).toEqual(['done', 'pending', 'pending', 'pending', 'pending']);
    expect(early.percent).toBe(20);
    const cancelled = orderProgress(
      { status: 'cancelled', scheduledStart: windowStart },
      [...scheduled, moved('cancelled', day(29))],
      day(29),
    );
    expect(states(cancelled)).toEqual(['done', 'pending', 'pending', 'pending', 'pending']);
  });
});
