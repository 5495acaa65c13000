import type { Pack } from '@portal/i18n';
import accountPageTexts from '@portal/i18n/packs/page-account';
/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [accountPageTexts];

// My account is the shell's page, the same in every app. This module is this app's page of it:
// the route loads it lazily, and the bundle budgets measure it, as every other page.
export { AccountPage } from '@portal/shell/account';
