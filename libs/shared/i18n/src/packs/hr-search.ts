import type { Pack } from '../lib/packs';

/** The `search` pack of the `hr` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/hr.json?pack=search&messages'),
  th: () => import('../catalogs/th/hr.json?pack=search&messages'),
};
export default pack;
