import type { Pack } from '../lib/packs';

/** The `bookAppointment` page's packs (PAGE_PACKS in lib/packs.ts), merged into one module a language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?page=bookAppointment&messages'),
  th: () => import('../catalogs/th/common.json?page=bookAppointment&messages'),
};
export default pack;
