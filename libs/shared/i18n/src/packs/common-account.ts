import type { Pack } from '../lib/packs';

/** The `account` pack of the `common` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?pack=account&messages'),
  th: () => import('../catalogs/th/common.json?pack=account&messages'),
};
export default pack;
