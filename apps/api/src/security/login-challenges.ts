import { hkdfSync, pbkdf2Sync } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import type { DeriveKeyFunction } from 'altcha-lib/types';
import {
  decodeLoginChallengeText,
  encodeLoginChallengeText,
  LOGIN_CHALLENGE_ALGORITHM,
  type LoginChallenge,
  type LoginProof,
  loginProofSchema,
} from '@portal/contract';

/** PBKDF2 iterations of one try: the browser's Web Crypto does them natively, as fast as an attacker's CPU. */
export const CHALLENGE_COST = 500;
/** How long a challenge may be answered: a phone solves it in seconds. */
export const CHALLENGE_TTL_SECONDS = 120;
/** How long one challenge is handed to every login refused meanwhile. */
const SHARED_MS = 1000;

/**
 * The server's one derivation of a new challenge, on the event loop: the async one would queue
 * behind (and ahead of) the password hashes on libuv's threads, once per refused flood request.
 */
const deriveKey: DeriveKeyFunction = async (parameters, salt, password) => ({
  derivedKey: pbkdf2Sync(password, salt, parameters.cost, parameters.keyLength, 'sha256'),
});

/**
 * Proof-of-work challenges (ALTCHA, altcha-lib) for logins without a device cookie while their
 * lane of the hashing pool is full. The server picks the answer (a number of tries around
 * `tries`) and signs the challenge and the answer's key, so checking a solution costs two HMACs
 * and no derivation. Logins refused within the same second get the same challenge (unless it
 * was used meanwhile). A solved challenge admits one login: it is remembered here until it
 * expires, so a replay is refused (per instance, like the pool whose lane it opens).
 */
export class LoginChallenges {
  private readonly signatureKey: string;
  private readonly answerKey: string;
  /** Solved challenges (their signatures) already used, and when each expires. */
  private readonly used = new Map<string, number>();
  /**
   * The challenge handed out now: a flood is refused thousands of times a second, and making
   * one each time (a derivation and two HMACs on libuv's threads) would slow the very hashes
   * the pool keeps for people. Once a challenge is solved, the next refusal gets a new one.
   */
  private current: { challenge: Promise<string>; until: number } | undefined;

  constructor(
    signingSecret: string,
    /** The average tries a solution takes (each a PBKDF2 of CHALLENGE_COST iterations). */
    private readonly tries: number,
    private readonly now: () => number = Date.now,
  ) {
    const key = (info: string) =>
      Buffer.from(hkdfSync('sha256', signingSecret, '', info, 32)).toString('base64url');
    this.signatureKey = key('portal login challenge v1');
    this.answerKey = key('portal login challenge answer v1');
  }

  /** A new challenge, expiring in CHALLENGE_TTL_SECONDS, as the problem's `challenge` text. */
  async issue(): Promise<string> {
    const now = this.now();
    if (this.current && this.current.until > now) return this.current.challenge;
    const challenge = this.create();
    this.current = { challenge, until: now + SHARED_MS };
    // A failure is the caller's, and the next caller makes a new one.
    return challenge.catch((error: unknown) => {
      if (this.current?.challenge === challenge) this.current = undefined;
      throw error;
    });
  }

  private async create(): Promise<string> {
    const challenge = await createChallenge({
      algorithm: LOGIN_CHALLENGE_ALGORITHM,
      cost: CHALLENGE_COST,
      counter: randomInt(Math.ceil(this.tries * 1.5), Math.max(1, Math.floor(this.tries * 0.5))),
      deriveKey,
      expiresAt: Math.floor(this.now() / 1000) + CHALLENGE_TTL_SECONDS,
      hmacSignatureSecret: this.signatureKey,
      hmacKeySignatureSecret: this.answerKey,
    });
    return encodeLoginChallengeText(challenge as LoginChallenge);
  }

  /** The proof a login's `proof` text holds, or undefined when it holds none of the contract's. */
  read(text: string): LoginProof | undefined {
    const parsed = loginProofSchema.safeParse(decodeLoginChallengeText(text));
    return parsed.success ? parsed.data : undefined;
  }

  /**
   * Whether the proof is a challenge of ours, unexpired, solved and not used before; if so it is
   * used up now (so of 30 requests with one proof at once, one gets through).
   */
  async redeem(proof: LoginProof): Promise<boolean> {
    const { challenge, solution } = proof;
    if (challenge.parameters.expiresAt * 1000 <= this.now()) return false;
    if (this.used.has(challenge.signature)) return false;
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.signatureKey,
      hmacKeySignatureSecret: this.answerKey,
    });
    // Checked again after the wait: another request with the same proof may have used it.
    if (!result.verified || this.used.has(challenge.signature)) return false;
    this.forgetExpired();
    this.used.set(challenge.signature, challenge.parameters.expiresAt * 1000);
    // Solved once, the challenge handed out now is no use to anyone else.
    this.current = undefined;
    return true;
  }

  /**
   * Used challenges that have expired need no remembering: they are refused anyway. Every
   * challenge lives as long, so they expire about in the order they were used.
   */
  private forgetExpired(): void {
    const now = this.now();
    for (const [signature, expiresAt] of this.used) {
      if (expiresAt > now) break;
      this.used.delete(signature);
    }
  }
}
