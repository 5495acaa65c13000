import type { Pack } from '../lib/packs';

/** The `account` page's packs (PAGE_PACKS in lib/packs.ts), merged into one module a language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=account&messages'),
  th: () => import('../catalogs/th/common.json?page=account&messages'),
};
export default pack;
