import type { Pack } from '../lib/packs';

/** The `forms` pack of the `common` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?pack=forms&messages'),
  th: () => import('../catalogs/th/common.json?pack=forms&messages'),
};
export default pack;
