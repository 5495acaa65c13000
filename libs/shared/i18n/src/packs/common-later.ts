import type { Pack } from '../lib/packs';

/**
 * The `later` pack of the `common` catalogue (lib/packs.ts), in each language: the texts no
 * page shows as it opens (the session's warning, the unsaved-changes question, a new activation
 * code). Every page fetches it once shown (PortalRoot); what shows them waits for it
 * (`useLaterTexts` in @portal/ui).
 */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?pack=later&messages'),
  th: () => import('../catalogs/th/common.json?pack=later&messages'),
};
export default pack;
