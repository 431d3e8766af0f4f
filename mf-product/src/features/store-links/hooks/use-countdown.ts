import { useEffect, useState } from 'react';

/** Seconds left of a countdown that starts when it is first rendered; 0 once over. */
export function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  const over = left === 0;
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [over]);
  return left;
}
