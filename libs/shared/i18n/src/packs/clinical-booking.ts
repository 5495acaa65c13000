import type { Pack } from '../lib/packs';

/** The `booking` pack of the `clinical` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/clinical.json?pack=booking&messages'),
  th: () => import('../catalogs/th/clinical.json?pack=booking&messages'),
};
export default pack;
