import type { Pack } from '../lib/packs';

/**
 * The chart's dialogs' packs (PAGE_PACKS `chartDialogs` in lib/packs.ts), merged into one module
 * a language: fetched with a dialog's code when one first opens, not with the chart.
 */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=chartDialogs&messages'),
  th: () => import('../catalogs/th/common.json?page=chartDialogs&messages'),
};
export default pack;
