import type { Pack } from '../lib/packs';

/** The `twoStep` pack of the `common` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/common.json?pack=twoStep&messages'),
  th: () => import('../catalogs/th/common.json?pack=twoStep&messages'),
};
export default pack;
