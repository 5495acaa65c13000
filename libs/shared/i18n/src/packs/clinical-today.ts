import type { Pack } from '../lib/packs';

/** The `today` pack of the `clinical` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/clinical.json?pack=today&messages'),
  th: () => import('../catalogs/th/clinical.json?pack=today&messages'),
};
export default pack;
