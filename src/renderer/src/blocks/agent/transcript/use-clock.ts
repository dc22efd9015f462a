import { useEffect, useState } from 'react';

/** The time now, kept current every `everyMs` while `ticking`: for "in 12 min" that stays true. */
export function useClock(ticking: boolean, everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}
