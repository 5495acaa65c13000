import type { Pack } from '../lib/packs';

/** The `login` page's packs (PAGE_PACKS in lib/packs.ts), merged into one module a language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=login&messages'),
  th: () => import('../catalogs/th/common.json?page=login&messages'),
};
export default pack;
