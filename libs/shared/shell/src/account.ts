/**
 * My account (`@portal/shell/account`): the page every app mounts at its `accountPath`, as an
 * entry of its own so that an app's lazy import of it does not pull the whole shell into the
 * page's chunk, nor the page into the shell's.
 */
export * from './lib/account/account-page';
