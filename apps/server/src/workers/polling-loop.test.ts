import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPollingLoop } from './polling-loop.ts';

/** A pass that waits until the test lets it end, counting how many passes started. */
function controlledPass() {
  const state = { started: 0, finish: () => {} };
  const pass = vi.fn(
    () =>
      new Promise<number>((resolve) => {
        state.started++;
        const number = state.started;
        state.finish = () => resolve(number);
      }),
  );
  return { state, pass };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createPollingLoop', () => {
  it('kick joins the pass in progress; catchUp runs one more pass after it', async () => {
    const { state, pass } = controlledPass();
    const loop = createPollingLoop(pass, 60_000);
    const first = loop.kick();
    const joined = loop.kick();
    expect(state.started).toBe(1);
    const caughtUp = loop.catchUp();
    state.finish();
    await vi.waitFor(() => expect(state.started).toBe(2));
    state.finish();
    expect(await first).toBe(2);
    expect(await joined).toBe(2);
    expect(await caughtUp).toBe(2);
  });

  it('soon gathers the calls of one delay into one pass, and only once started', async () => {
    vi.useFakeTimers();
    const pass = vi.fn(async () => 0);
    const loop = createPollingLoop(pass, 60_000, { passOnStart: false, soonDelayMs: 100 });
    loop.soon();
    await vi.advanceTimersByTimeAsync(200);
    expect(pass).not.toHaveBeenCalled();

    loop.start();
    loop.soon();
    loop.soon();
    await vi.advanceTimersByTimeAsync(99);
    expect(pass).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(1);
    await loop.stop();
  });

  it('a soon that fires during a pass runs another pass once it ends', async () => {
    vi.useFakeTimers();
    const { state, pass } = controlledPass();
    const loop = createPollingLoop(pass, 60_000, { soonDelayMs: 10 });
    loop.start();
    expect(state.started).toBe(1);
    loop.soon();
    await vi.advanceTimersByTimeAsync(10);
    expect(state.started).toBe(1);
    state.finish();
    await vi.waitFor(() => expect(state.started).toBe(2));
    state.finish();
    await loop.stop();
  });

  it('starts with a pass unless told to wait one interval, then keeps the interval', async () => {
    vi.useFakeTimers();
    const eager = vi.fn(async () => 0);
    const patient = vi.fn(async () => 0);
    const eagerLoop = createPollingLoop(eager, 1_000);
    const patientLoop = createPollingLoop(patient, 1_000, { passOnStart: false });
    eagerLoop.start();
    patientLoop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(eager).toHaveBeenCalledTimes(1);
    expect(patient).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(eager).toHaveBeenCalledTimes(2);
    expect(patient).toHaveBeenCalledTimes(1);
    await eagerLoop.stop();
    await patientLoop.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(eager).toHaveBeenCalledTimes(2);
    expect(patient).toHaveBeenCalledTimes(1);
  });

  it('stop tells the pass to end and waits for it, or answers false past waitMs', async () => {
    const { state, pass } = controlledPass();
    let sawStopping = false;
    const loop = createPollingLoop(async (isStopping) => {
      const result = await pass();
      sawStopping = isStopping();
      return result;
    }, 60_000);
    loop.start();
    expect(await loop.stop({ waitMs: 20 })).toBe(false);
    state.finish();
    await vi.waitFor(() => expect(sawStopping).toBe(true));
    expect(await loop.stop()).toBe(true);
  });
});
