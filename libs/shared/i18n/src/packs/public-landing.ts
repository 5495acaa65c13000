import type { Pack } from '../lib/packs';

/** The `landing` pack of the `public` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/public.json?pack=landing&messages'),
  th: () => import('../catalogs/th/public.json?pack=landing&messages'),
};
export default pack;
