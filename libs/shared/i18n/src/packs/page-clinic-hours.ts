import type { Pack } from '../lib/packs';

/** The `clinicHours` page's packs (PAGE_PACKS in lib/packs.ts), merged into one module a language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=clinicHours&messages'),
  th: () => import('../catalogs/th/common.json?page=clinicHours&messages'),
};
export default pack;
