import type { Pack } from '../lib/packs';

/** The `chart` pack of the `clinical` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/clinical.json?pack=chart&messages'),
  th: () => import('../catalogs/th/clinical.json?pack=chart&messages'),
};
export default pack;
