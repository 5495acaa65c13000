import type { Pack } from '../lib/packs';

/** The `search` pack of the `clinical` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/clinical.json?pack=search&messages'),
  th: () => import('../catalogs/th/clinical.json?pack=search&messages'),
};
export default pack;
