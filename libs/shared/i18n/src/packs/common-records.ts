import type { Pack } from '../lib/packs';

/** The `records` pack of the `common` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?pack=records&messages'),
  th: () => import('../catalogs/th/common.json?pack=records&messages'),
};
export default pack;
