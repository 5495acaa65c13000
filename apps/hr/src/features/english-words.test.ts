import { describe, expect, it } from 'vitest';
import { t } from '@portal/i18n';
import { ACCESS_WAITS_TEXT, WAITING_FOR_ANOTHER_HR } from './english-words';

// The jsdom setup shows English before each file: t() gives the English catalogue's words.
describe('the English words the tests look for', () => {
  it('are the English catalogue’s messages the screens show', () => {
    expect(t('hr.accessApprovals.waitingForAnotherHr')).toBe(WAITING_FOR_ANOTHER_HR);
    expect(t('hr.addEmployee.accessWaits')).toBe(ACCESS_WAITS_TEXT);
  });
});
