import type { Pack } from '../lib/packs';

/** The `addPatient` pack of the `clinical` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/clinical.json?pack=addPatient&messages'),
  th: () => import('../catalogs/th/clinical.json?pack=addPatient&messages'),
};
export default pack;
