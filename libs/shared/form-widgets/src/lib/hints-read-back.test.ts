import { loadReadBack, readBackTranslator } from '@portal/i18n';
import accountPageTexts from '@portal/i18n/packs/page-account';
import addAppointmentPageTexts from '@portal/i18n/packs/page-add-appointment';
import addEmployeePageTexts from '@portal/i18n/packs/page-add-employee';
import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD_HINT } from './password-field';
import { CLOCK_TIME_HINT, TIME_HINT } from './time-field';

/** What a Thai page's first paint reads back with: the frame's table and its pack's. */
async function firstPaintTranslator(pack: typeof accountPageTexts) {
  const { readBack } = await pack.th();
  return readBackTranslator([await loadReadBack('th', 'first'), ...(readBack ? [readBack] : [])]);
}

describe("the fields' English hints", () => {
  it('read back to Thai with the tables of the Thai pages that show those fields', async () => {
    // My account shows a new password's field (common.password), Add Appointment a time field
    // (common.time, with clinical's entry form).
    const cases = [
      [accountPageTexts, [NEW_PASSWORD_HINT]],
      [addAppointmentPageTexts, [TIME_HINT, CLOCK_TIME_HINT]],
    ] as const;
    for (const [pack, hints] of cases) {
      const translate = await firstPaintTranslator(pack);
      for (const hint of hints) {
        const thai = translate(hint);
        expect(thai, hint).toBeDefined();
        expect(thai, hint).toMatch(/\p{Script=Thai}/u);
      }
    }
  });

  it("come only with the pages that show their fields: Add Employee's pack has none", async () => {
    const { messages, readBack } = await addEmployeePageTexts.th();
    for (const id of ['common.password.newHint', 'common.time.hint', 'common.counted.disease']) {
      expect(messages[id], id).toBeUndefined();
    }
    const translate = readBackTranslator(readBack ? [readBack] : []);
    for (const hint of [NEW_PASSWORD_HINT, TIME_HINT])
      expect(translate(hint), hint).toBeUndefined();
  });
});
