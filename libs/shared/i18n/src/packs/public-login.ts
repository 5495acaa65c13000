import type { Pack } from '../lib/packs';

/** The `login` pack of the `public` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/public.json?pack=login&messages'),
  th: () => import('../catalogs/th/public.json?pack=login&messages'),
};
export default pack;
