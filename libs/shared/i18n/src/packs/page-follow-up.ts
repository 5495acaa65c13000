import type { Pack } from '../lib/packs';

/**
 * The visit view's follow-up booking's packs (PAGE_PACKS `followUp` in lib/packs.ts), merged
 * into one module a language: fetched with its code once the visit is finished.
 */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=followUp&messages'),
  th: () => import('../catalogs/th/common.json?page=followUp&messages'),
};
export default pack;
