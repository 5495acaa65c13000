import type { Pack } from '../lib/packs';

/** The `passwordReset` page's packs (PAGE_PACKS in lib/packs.ts), merged into one module a language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=passwordReset&messages'),
  th: () => import('../catalogs/th/common.json?page=passwordReset&messages'),
};
export default pack;
