/**
 * The second factor's set-up and recovery codes, as an entry of its own (`@portal/shell/two-step`):
 * the login page loads it only for staff sent to enrol, and My account with its page, so the QR
 * code's library is in no other page's download.
 */
export * from './lib/two-step/mfa-enrolment-step';
export * from './lib/two-step/recovery-codes';
export * from './lib/two-step/two-step-texts';
// Its texts (@portal/i18n lib/packs.ts), which whoever loads this entry fetches before showing it.
export { default as TWO_STEP_TEXTS } from '@portal/i18n/packs/common-two-step';
