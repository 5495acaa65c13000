import type { Pack } from '@portal/i18n';
import commonFormsTexts from '@portal/i18n/packs/common-forms';
import commonAccountTexts from '@portal/i18n/packs/common-account';
import commonTwoStepTexts from '@portal/i18n/packs/common-two-step';
/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [
  commonFormsTexts,
  commonAccountTexts,
  commonTwoStepTexts,
];

// My account is the shell's page, the same in every app. This module is this app's page of it:
// the route loads it lazily, and the bundle budgets measure it, as every other page.
export { AccountPage } from '@portal/shell/account';
