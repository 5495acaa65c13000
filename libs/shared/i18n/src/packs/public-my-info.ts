import type { Pack } from '../lib/packs';

/** The `myInfo` pack of the `public` catalogue (lib/packs.ts), in each language. */
const pack: Pack = {
  en: () => import('../catalogs/en/public.json?pack=myInfo&messages'),
  th: () => import('../catalogs/th/public.json?pack=myInfo&messages'),
};
export default pack;
