// My account is the shell's page, the same in every app. This module is this app's page of it:
// the route loads it lazily, and the bundle budgets measure it, as every other page.
export { AccountPage } from '@portal/shell/account';
