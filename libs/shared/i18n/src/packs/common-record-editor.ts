import type { Pack } from '../lib/packs';

/** The `recordEditor` pack of the `common` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?pack=recordEditor&messages'),
  th: () => import('../catalogs/th/common.json?pack=recordEditor&messages'),
};
export default pack;
