import type { Pack } from '../lib/packs';

/** The `addEmployee` pack of the `hr` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/hr.json?pack=addEmployee&messages'),
  th: () => import('../catalogs/th/hr.json?pack=addEmployee&messages'),
};
export default pack;
