import { createPasswordEstimator, type PasswordEstimator } from './password-strength';

/**
 * The strength meter's estimate (register form, My account's password form): the contract's
 * rule with the first ranks of each zxcvbn dictionary (meter-zxcvbn.ts), about a tenth of the
 * download of the full ones. It agrees with the server's `estimatePasswordStrength` on nearly
 * every password (the agreement test in password-strength.test.ts holds a floor); where it does
 * not, it is a password whose dictionary word the browser does not know, which the server
 * refuses on submit with its reason under the field. Loaded on the first estimate.
 */
export const previewPasswordStrength: PasswordEstimator = /* @__PURE__ */ createPasswordEstimator(
  () => import('./meter-zxcvbn').then((meter) => meter.meterZxcvbnParts()),
);
