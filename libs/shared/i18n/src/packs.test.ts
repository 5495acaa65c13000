import { describe, expect, it } from 'vitest';
import enCommon from './catalogs/en/common.json';
import enContract from './catalogs/en/contract.json';
import { LOCAL_NAMES } from '@portal/reference-data';
import { PAGE_PACKS, packReadBack, packsOfPage } from './index';
import { textKey } from './lib/text-key';
import accountPageTexts from './packs/page-account';
import addEmployeePageTexts from './packs/page-add-employee';
import chartPageTexts from './packs/page-chart';

describe("a page's packs merged", () => {
  it('name only packs the catalogues have', () => {
    for (const page of Object.keys(PAGE_PACKS)) expect(() => packsOfPage(page), page).not.toThrow();
    expect(() => packsOfPage('nowhere')).toThrow();
  });

  it("hold every pack's messages, and in Thai the read-back table of every pack's texts", async () => {
    const [english, thai] = await Promise.all([accountPageTexts.en(), accountPageTexts.th()]);
    // common.forms, common.password, common.account and common.twoStep, in one module.
    for (const area of ['form', 'password', 'account', 'twoStep']) {
      const ids = Object.keys(enCommon).filter((id) => id.startsWith(`common.${area}.`));
      expect(ids.length, area).toBeGreaterThan(0);
      for (const id of ids) expect(english.messages[id], id).toBeDefined();
      for (const id of ids) expect(thai.messages[id], id).toBeDefined();
    }
    expect(english.readBack).toBeUndefined();
    expect(packReadBack('common', 'account').length).toBeGreaterThan(0);
    // Its pages' contract texts (the account's) and the new password's English hint.
    const readBack = Object.keys(enContract)
      .filter((id) => id.startsWith('contract.account.'))
      .map((id) => enContract[id as keyof typeof enContract])
      .concat(enCommon['common.password.newHint']);
    expect(readBack.length).toBeGreaterThan(1);
    for (const text of readBack) expect(thai.readBack?.exact[textKey(text)], text).toBeDefined();
    // My account's own code holds no reference-data entry (its API layer's schemas do, to
    // check ids): no names in either language (PACK_LOCAL_NAMES).
    expect(english.names).toBeUndefined();
    expect(thai.names).toBeUndefined();
  });

  it("carry reference-data's Thai names where the pages' code holds the entries, in Thai only", async () => {
    const [chartEnglish, chartThai, employeeEnglish, employeeThai] = await Promise.all([
      chartPageTexts.en(),
      chartPageTexts.th(),
      addEmployeePageTexts.en(),
      addEmployeePageTexts.th(),
    ]);
    expect(chartEnglish.names).toBeUndefined();
    expect(employeeEnglish.names).toBeUndefined();
    // The chart's diseases and drugs; Add Employee's positions and departments.
    expect(chartThai.names?.R004).toBe(LOCAL_NAMES.th.R004);
    expect(chartThai.names?.I001).toBe(LOCAL_NAMES.th.I001);
    expect(employeeThai.names?.P001).toBe(LOCAL_NAMES.th.P001);
    expect(employeeThai.names?.D001).toBe(LOCAL_NAMES.th.D001);
  });
});
