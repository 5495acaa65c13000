import { useEffect } from 'react';

/**
 * While `dirty`, closing the tab, reloading or leaving the portal for another site asks first
 * (the browser's own "Leave site?" question; browsers no longer show a page's own text).
 */
export function useWarnBeforeUnload(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
