import type { Pack } from '../lib/packs';

/** The `search` pack of the `common` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?pack=search&messages'),
  th: () => import('../catalogs/th/common.json?pack=search&messages'),
};
export default pack;
