import { packLoaded, requirePack } from '@portal/i18n';
import laterTexts from '@portal/i18n/packs/common-later';
import { useEffect, useState } from 'react';

/**
 * Fetches the texts no page shows as it opens (the `later` pack: the session's warning, the
 * unsaved-changes question, a new activation code, the unknown address's page), once: every
 * page asks once it is shown (PortalRoot), and so does whatever is about to show one of them.
 * Never fails: a pack that cannot be fetched is the page's English (requirePack), and whatever
 * waits for it goes ahead rather than wait for ever (an add's success, a leave's question).
 */
export const loadLaterTexts = (): Promise<void> => requirePack(laterTexts).catch(() => undefined);

/**
 * Whether the `later` pack's texts are there to show (fetching them if not): a dialog or a
 * notice that shows them waits until they are, rather than show their ids.
 */
export function useLaterTexts(): boolean {
  const [loaded, setLoaded] = useState(() => packLoaded(laterTexts));
  useEffect(() => {
    if (!loaded) void loadLaterTexts().then(() => setLoaded(true));
  }, [loaded]);
  return loaded;
}
