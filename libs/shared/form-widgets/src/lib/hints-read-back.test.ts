import { loadReadBack, readBackTranslator } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD_HINT } from './password-field';
import { CLOCK_TIME_HINT, TIME_HINT } from './time-field';

describe("the fields' English hints", () => {
  it('read back to Thai with the first read-back table, the one a Thai first paint has', async () => {
    const translate = readBackTranslator([await loadReadBack('th', 'first')]);
    for (const hint of [NEW_PASSWORD_HINT, TIME_HINT, CLOCK_TIME_HINT]) {
      const thai = translate(hint);
      expect(thai, hint).toBeDefined();
      expect(thai, hint).toMatch(/\p{Script=Thai}/u);
    }
  });
});
