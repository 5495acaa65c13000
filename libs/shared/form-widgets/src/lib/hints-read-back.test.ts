import { loadReadBack, readBackTranslator } from '@portal/i18n';
import commonFormsTexts from '@portal/i18n/packs/common-forms';
import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD_HINT } from './password-field';
import { CLOCK_TIME_HINT, TIME_HINT } from './time-field';

describe("the fields' English hints", () => {
  it("read back to Thai with the tables a Thai form page's first paint has", async () => {
    // The frame's table (the app's start) and the forms' pack's, which every form page asks for.
    const { readBack } = await commonFormsTexts.th();
    expect(readBack).toBeDefined();
    const translate = readBackTranslator([
      await loadReadBack('th', 'first'),
      ...(readBack ? [readBack] : []),
    ]);
    for (const hint of [NEW_PASSWORD_HINT, TIME_HINT, CLOCK_TIME_HINT]) {
      const thai = translate(hint);
      expect(thai, hint).toBeDefined();
      expect(thai, hint).toMatch(/\p{Script=Thai}/u);
    }
  });
});
