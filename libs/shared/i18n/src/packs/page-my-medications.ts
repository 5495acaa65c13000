import type { Pack } from '../lib/packs';

/**
 * MyInfo's current medications' packs (PAGE_PACKS `myMedications` in lib/packs.ts), merged into
 * one module a language: fetched with their code once MyInfo shows, not with the page.
 */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=myMedications&messages'),
  th: () => import('../catalogs/th/common.json?page=myMedications&messages'),
};
export default pack;
