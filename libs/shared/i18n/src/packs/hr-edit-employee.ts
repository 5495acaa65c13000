import type { Pack } from '../lib/packs';

/** The `editEmployee` pack of the `hr` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/hr.json?pack=editEmployee&messages'),
  th: () => import('../catalogs/th/hr.json?pack=editEmployee&messages'),
};
export default pack;
