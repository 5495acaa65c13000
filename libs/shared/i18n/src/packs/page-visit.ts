import type { Pack } from '../lib/packs';

/** The visit view's packs (PAGE_PACKS `visit` in lib/packs.ts), merged into one module a language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=visit&messages'),
  th: () => import('../catalogs/th/common.json?page=visit&messages'),
};
export default pack;
