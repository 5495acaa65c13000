import type { Pack } from '../lib/packs';

/** The `editPatient` pack of the `clinical` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/clinical.json?pack=editPatient&messages'),
  th: () => import('../catalogs/th/clinical.json?pack=editPatient&messages'),
};
export default pack;
