import type { Pack } from '../lib/packs';

/** The `addAppointment` page's packs (PAGE_PACKS in lib/packs.ts), merged into one module a language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=addAppointment&messages'),
  th: () => import('../catalogs/th/common.json?page=addAppointment&messages'),
};
export default pack;
