import { useEffect, useState } from 'react';

/**
 * The current time in milliseconds, refreshed every `intervalMs`, so a page left open notices a
 * deadline or a validity date passing (countdowns, urgency, quotes that expire).
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
