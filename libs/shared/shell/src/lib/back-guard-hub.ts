/**
 * Back and Forward reach the router through `popstate` on `window`, whose listeners run in the
 * order they were added (Chromium runs a capturing one no earlier). So the leave guard's check
 * must be added before the router's: this one listener is, when the shell's PortalApp module
 * loads, and hands each event to the guard of the page on screen, if any.
 */
type PopStateGuard = (event: PopStateEvent) => boolean;

let current: PopStateGuard | null = null;
let installed = false;

/** Adds the one popstate listener (once; before the router mounts when called at start-up). */
export function installBackGuardHub(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', (event) => {
    // The guard says whether it took the event: then the router never hears of it.
    if (current?.(event)) event.stopImmediatePropagation();
  });
}

/** Makes `guard` the one asked about Back and Forward; returns the function that removes it. */
export function setBackGuard(guard: PopStateGuard): () => void {
  installBackGuardHub();
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}
