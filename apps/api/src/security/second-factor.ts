import { timingSafeEqual } from 'node:crypto';
import { hotpCode, otpauthUrl, TOTP_CODE_PATTERN, totpStep } from '@portal/contract';
import { generateRecoveryCodes, generateTotpSecret, hashCode } from './mfa-codes';
import { SecretBox } from './secret-box';

/** Steps either side of now a TOTP code may come from (RFC 6238 §5.2: clock drift). */
const DRIFT_STEPS = 1;

/** What a code turned out to be. */
export type CodeCheck =
  | { readonly kind: 'totp'; readonly step: number }
  | { readonly kind: 'recovery'; readonly hash: string }
  | { readonly kind: 'wrong' };

/**
 * The second factor's secrets and codes: new secrets sealed for storage, TOTP codes
 * checked against a window of ±1 step, recovery codes hashed. What a code may be used for once
 * (the step, the recovery code) is the repository's to record; here nothing is stored.
 */
export class SecondFactor {
  private readonly box: SecretBox;

  constructor(
    key: string,
    /** The time, in ms since the epoch; tests may pass another clock, the server never does. */
    private readonly now: () => number = Date.now,
  ) {
    this.box = new SecretBox(key);
  }

  /** A new secret for an account: in clear (to show once) and sealed (to store). */
  newSecret(userId: string, accountName: string) {
    const secret = generateTotpSecret();
    return {
      secret,
      sealed: this.box.seal(secret, userId),
      otpauthUrl: otpauthUrl(secret, accountName),
    };
  }

  /** Ten recovery codes, in clear (to show once) and hashed (to store). */
  newRecoveryCodes() {
    const codes = generateRecoveryCodes();
    return { codes, hashes: codes.map(hashCode) };
  }

  /**
   * Which step, within ±1 of now, a six-digit code belongs to under a sealed secret (null: none,
   * or a secret this key cannot open). Every step is computed and compared in constant time.
   */
  async matchTotp(sealed: string, userId: string, code: string): Promise<number | null> {
    const secret = this.box.open(sealed, userId);
    if (secret === null || !TOTP_CODE_PATTERN.test(code)) return null;
    const current = totpStep(this.now());
    let matched: number | null = null;
    for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
      const expected = await hotpCode(secret, step);
      if (timingSafeEqual(Buffer.from(expected), Buffer.from(code)) && matched === null) {
        matched = step;
      }
    }
    return matched;
  }

  /** A code typed at sign-in: a TOTP code of the secret, a recovery code (by hash), or wrong. */
  async check(sealed: string, userId: string, code: string): Promise<CodeCheck> {
    if (TOTP_CODE_PATTERN.test(code)) {
      const step = await this.matchTotp(sealed, userId, code);
      return step === null ? { kind: 'wrong' } : { kind: 'totp', step };
    }
    return { kind: 'recovery', hash: hashCode(code) };
  }
}
