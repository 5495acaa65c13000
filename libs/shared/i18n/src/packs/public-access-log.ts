import type { Pack } from '../lib/packs';

/** The `accessLog` pack of the `public` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/public.json?pack=accessLog&messages'),
  th: () => import('../catalogs/th/public.json?pack=accessLog&messages'),
};
export default pack;
