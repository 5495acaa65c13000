import type { Pack } from '../lib/packs';

/** The `entry` pack of the `clinical` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/clinical.json?pack=entry&messages'),
  th: () => import('../catalogs/th/clinical.json?pack=entry&messages'),
};
export default pack;
