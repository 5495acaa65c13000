import { useEffect, useState } from 'react';

/**
 * Runs `task` once the browser is idle after the first paint (or soon, where it cannot say);
 * answers how to cancel it. What a page only needs after it is shown (a form's rules, a
 * suggestion) waits for this, so the first visit does not.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/** False until the browser has been idle once after the component's first paint. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
