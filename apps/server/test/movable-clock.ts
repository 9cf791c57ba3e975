/** A clock that runs with real time and can be moved forward (the app's injected `clock`). */
export function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

export type TMovableClock = ReturnType<typeof movableClock>;
