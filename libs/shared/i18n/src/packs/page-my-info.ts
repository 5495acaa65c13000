import type { Pack } from '../lib/packs';

/** The `myInfo` page's packs (PAGE_PACKS in lib/packs.ts), merged into one module a language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=myInfo&messages'),
  th: () => import('../catalogs/th/common.json?page=myInfo&messages'),
};
export default pack;
