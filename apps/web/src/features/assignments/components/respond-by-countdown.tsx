import { Badge } from '@mantine/core';
import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The time left to answer an offer, in hours and minutes ("47h 59m"), or "Expired" once the
 * deadline has passed. Minutes are rounded up, so the last 30 seconds still read "0h 1m".
 */
export function countdownText(respondBy: string, now: number): string {
  const left = new Date(respondBy).getTime() - now;
  if (!(left > 0)) return 'Expired';
  const minutes = Math.ceil(left / MINUTE_MS);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Re-renders each time the countdown to `deadline` reaches its next whole minute. */
export function useMinuteClock(deadline: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = deadline - now;
    if (left <= 0) return;
    // Wake exactly when the shown minute changes (or the deadline passes), never drifting.
    const untilNextMinute = left % MINUTE_MS || MINUTE_MS;
    const timer = setTimeout(() => setNow(Date.now()), untilNextMinute);
    return () => clearTimeout(timer);
  }, [deadline, now]);
  return now;
}

/** "Respond within 47h 59m", ticking each minute; red "Expired" once the deadline is past. */
export function RespondByCountdown({ respondBy }: { respondBy: string }) {
  const deadline = new Date(respondBy).getTime();
  const now = useMinuteClock(deadline);
  const text = countdownText(respondBy, now);
  const expired = text === 'Expired';
  const urgent = !expired && deadline - now < 2 * 60 * MINUTE_MS;
  return (
    <Badge
      color={expired ? 'red' : urgent ? 'orange' : 'blue'}
      variant="light"
      radius="sm"
      size="lg"
      data-testid="respond-by"
      aria-live="polite"
    >
      {expired ? 'Expired' : `Respond within ${text}`}
    </Badge>
  );
}
