/**
 * The strength meter's dictionaries, checked in (libs/shared/contract/src/lib/
 * password-dictionaries.generated.ts), are what tools/password-dictionaries.mjs writes from the
 * installed @zxcvbn-ts packages and its KEPT_RANKS: an upgraded package or a changed rank count
 * without a new file fails here, before the meter and the server drift apart.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedSource, OUTPUT } from '../../password-dictionaries.mjs';

describe("the strength meter's dictionaries", () => {
  it('are up to date with the generator and the installed packages', async () => {
    const upToDate = readFileSync(OUTPUT, 'utf8') === (await generatedSource());
    expect(upToDate, 'run node tools/password-dictionaries.mjs').toBe(true);
  });
});
