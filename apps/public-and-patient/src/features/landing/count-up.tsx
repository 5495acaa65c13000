import { useEffect, useState } from 'react';
import { TIMINGS } from '@portal/contract';

/** Whether the person asked the system for less motion. */
function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * A number that counts up from 0 to `to` over the spec's 2 seconds (eased), then stays. Screen
 * readers get the final figure at once; people who prefer reduced motion see it at once too.
 */
export function CountUp({
  to,
  suffix = '',
  durationMs = TIMINGS.counterDurationMs,
}: {
  to: number;
  suffix?: string;
  durationMs?: number;
}) {
  const [value, setValue] = useState(() => (prefersReducedMotion() ? to : 0));
  useEffect(() => {
    if (prefersReducedMotion()) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / durationMs);
      setValue(Math.round(to * (1 - (1 - progress) ** 3)));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [to, durationMs]);
  return (
    <>
      <span aria-hidden="true" className="tabular-nums">
        {value}
        {suffix}
      </span>
      <span className="sr-only">
        {to}
        {suffix}
      </span>
    </>
  );
}
