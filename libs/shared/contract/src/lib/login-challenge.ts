import { z } from 'zod';

/**
 * The proof of work a login without a device cookie for its account is asked for while the
 * server's hashing queue for such logins is full (docs/operations.md, "Logins during a flood"):
 * an ALTCHA challenge (PBKDF2/SHA-256), signed by the server, that the browser solves and sends
 * back with the login. A login with a solved one waits in a lane of its own, ahead of the flood.
 */
export const LOGIN_CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';

/** Lower-case hex of at most `max` characters. */
const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^(?:[0-9a-f]{2})+$/, { error: 'Not a hexadecimal value' });

/** A challenge as the server hands it out (in the 503 problem's `challenge`) and gets it back. */
export const loginChallengeSchema = z.strictObject({
  parameters: z.strictObject({
    algorithm: z.literal(LOGIN_CHALLENGE_ALGORITHM),
    cost: z.number().int().min(1).max(100_000),
    expiresAt: z.number().int().positive(),
    keyLength: z.number().int().min(16).max(64),
    keyPrefix: hex(128),
    keySignature: hex(128),
    nonce: hex(64),
    salt: hex(64),
  }),
  signature: hex(128),
});

/** POST /login's `proof`: the challenge as it was handed out, and the browser's answer to it. */
export const loginProofSchema = z.strictObject({
  challenge: loginChallengeSchema,
  solution: z.strictObject({
    counter: z.number().int().min(0).max(0xffffffff),
    derivedKey: hex(128),
    time: z.number().min(0).optional(),
  }),
});

export type LoginChallenge = z.infer<typeof loginChallengeSchema>;
export type LoginProof = z.infer<typeof loginProofSchema>;

/**
 * A challenge or a proof as it travels: its JSON in base64url, one opaque text (the problem's
 * `challenge`, the login's `proof`, at most 4,000 characters), so the apps' forms and answers
 * carry no schema of it.
 */
// Both in browsers and in Node; the contract is built without either's library of types.
declare function btoa(text: string): string;
declare function atob(text: string): string;

export function encodeLoginChallengeText(value: LoginChallenge | LoginProof): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The JSON a text holds, or undefined when it holds none (check it with the schemas above). */
export function decodeLoginChallengeText(text: string): unknown {
  try {
    return JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return undefined;
  }
}
