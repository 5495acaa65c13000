import type { Pack } from '../lib/packs';

/**
 * MyInfo's cancel dialog's packs (PAGE_PACKS `myInfoDialogs` in lib/packs.ts), merged into one module a language:
 * fetched with the dialog's code when it first opens, not with the page.
 */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=myInfoDialogs&messages'),
  th: () => import('../catalogs/th/common.json?page=myInfoDialogs&messages'),
};
export default pack;
