import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** Where the saved positions live across a reload of the tab (the history entries survive it). */
export const SCROLL_POSITIONS_KEY = 'portal.scroll-positions';
/**
 * How long Back keeps trying to reach the saved position: the earlier page may still be loading
 * (a lazy chunk, a cached query re-rendering), so it may not be tall enough at first.
 */
export const SCROLL_RESTORE_WAIT_MS = 2000;
/** At most this many entries are remembered (a long session's history need not grow forever). */
const MAX_POSITIONS = 100;

function readSaved(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '[]');
    if (Array.isArray(saved))
      return new Map(
        saved.filter(
          (pair): pair is [string, number] =>
            Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'number',
        ),
      );
  } catch {
    // A damaged entry only costs the positions: pages then open at the top.
  }
  return new Map();
}

/**
 * Scroll positions for the router (React Router's own ScrollRestoration works only under a data
 * router, and the apps use BrowserRouter): a link, a redirect or a form's navigation opens the
 * new page at its top (a new entry for the same address, only its state changed, stays where it
 * is); Back and Forward return to where that history entry was left, waiting
 * briefly for the page to grow tall enough. A link to a `#fragment` is left to the browser.
 */
export function NavigationScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const address = `${location.pathname}${location.search}`;
  const currentAddress = useRef(address);

  useEffect(() => {
    const saved = readSaved();
    positions.current = saved;
    // The browser's own restoring would race this one on Back (same-document history entries).
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      saved.delete(currentKey.current);
      saved.set(currentKey.current, window.scrollY);
      if (saved.size > MAX_POSITIONS) saved.delete(saved.keys().next().value as string);
    };
    const persist = () => {
      try {
        window.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify([...saved]));
      } catch {
        // Storage full or refused: positions are then kept for this page's life only.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  // Before paint: the new page must not flash at the old page's position.
  useLayoutEffect(() => {
    currentKey.current = location.key;
    const samePage = currentAddress.current === address;
    currentAddress.current = address;
    if (navigationType !== NavigationType.Pop) {
      // The same address again (a search keeping its criteria in the entry) is no new page.
      if (!location.hash && !samePage) window.scrollTo(0, 0);
      return;
    }
    const target = (positions.current ?? readSaved()).get(location.key);
    if (target === undefined) return;
    const started = Date.now();
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
    };
    // The person scrolling or typing meanwhile wins over the restoring.
    const inputs = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const input of inputs) window.addEventListener(input, stop, { once: true, passive: true });
    const attempt = () => {
      if (stopped) return;
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 1 && Date.now() - started < SCROLL_RESTORE_WAIT_MS)
        frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => {
      stop();
      for (const input of inputs) window.removeEventListener(input, stop);
    };
  }, [location.key, location.hash, address, navigationType]);

  return null;
}
