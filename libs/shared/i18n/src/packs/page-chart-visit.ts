import type { Pack } from '../lib/packs';

/**
 * The chart's vital signs, notes and medications' packs (PAGE_PACKS `chartVisit` in lib/packs.ts), merged
 * into one module a language: fetched with their code once the chart is shown, not with it.
 */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=chartVisit&messages'),
  th: () => import('../catalogs/th/common.json?page=chartVisit&messages'),
};
export default pack;
