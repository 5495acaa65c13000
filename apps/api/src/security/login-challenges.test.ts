import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { describe, expect, it } from 'vitest';
import {
  decodeLoginChallengeText,
  type LoginChallenge,
  type LoginProof,
  loginChallengeSchema,
} from '@portal/contract';
import { CHALLENGE_COST, CHALLENGE_TTL_SECONDS, LoginChallenges } from './login-challenges';

const SECRET = 'a-signing-secret-of-the-tests-0123456789';

/** Solved as the login page does (altcha-lib's solver with Web Crypto). */
async function solve(challenge: LoginChallenge): Promise<LoginProof> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return { challenge, solution };
}

describe('LoginChallenges', () => {
  it('hands out a signed PBKDF2 challenge of about the configured work, that the contract takes', async () => {
    const challenges = new LoginChallenges(SECRET, 40);
    const challenge = loginChallengeSchema.parse(
      decodeLoginChallengeText(await challenges.issue()),
    );
    expect(challenge.parameters.cost).toBe(CHALLENGE_COST);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(
      Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
    );
    // The answer is a number of tries between half and one and a half times the setting.
    const { solution } = await solve(challenge);
    expect(solution.counter).toBeGreaterThanOrEqual(20);
    expect(solution.counter).toBeLessThanOrEqual(60);
  });

  it('takes a solved challenge once', async () => {
    const challenges = new LoginChallenges(SECRET, 10);
    const proof = await solve(
      loginChallengeSchema.parse(decodeLoginChallengeText(await challenges.issue())),
    );
    await expect(challenges.redeem(proof)).resolves.toBe(true);
    await expect(challenges.redeem(proof)).resolves.toBe(false);
  });

  it('of 30 logins with one proof at once, lets one through', async () => {
    const challenges = new LoginChallenges(SECRET, 10);
    const proof = await solve(
      loginChallengeSchema.parse(decodeLoginChallengeText(await challenges.issue())),
    );
    const redeemed = await Promise.all(Array.from({ length: 30 }, () => challenges.redeem(proof)));
    expect(redeemed.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a wrong key, an altered challenge, another server’s and an expired one', async () => {
    let now = Date.now();
    const challenges = new LoginChallenges(SECRET, 10, () => now);
    const proof = await solve(
      loginChallengeSchema.parse(decodeLoginChallengeText(await challenges.issue())),
    );
    const { challenge, solution } = proof;
    const wrongKey = { challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } };
    const cheaper = {
      challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } },
      solution,
    };
    const others = await solve(
      loginChallengeSchema.parse(
        decodeLoginChallengeText(await new LoginChallenges(`${SECRET}-other`, 10).issue()),
      ),
    );
    for (const bad of [wrongKey, cheaper, others]) {
      await expect(challenges.redeem(bad)).resolves.toBe(false);
    }
    now += CHALLENGE_TTL_SECONDS * 1000;
    await expect(challenges.redeem(proof)).resolves.toBe(false);
  });
});
