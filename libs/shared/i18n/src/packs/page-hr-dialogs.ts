import type { Pack } from '../lib/packs';

/**
 * HR's refusal dialog's packs (PAGE_PACKS `hrDialogs` in lib/packs.ts), merged into one module a language:
 * fetched with the dialog's code when it first opens, not with the page.
 */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=hrDialogs&messages'),
  th: () => import('../catalogs/th/common.json?page=hrDialogs&messages'),
};
export default pack;
