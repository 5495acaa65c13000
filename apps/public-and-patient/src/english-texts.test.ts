import { describe, expect, it } from 'vitest';
import { t } from '@portal/i18n';
import {
  ACCESS_LOG_EMPTY,
  ACCESS_LOG_FAILED,
  ACCESS_LOG_LOADING,
  DOWNLOAD_RECORD_FAILED,
  DOWNLOAD_RECORD_LABEL,
  FORGOT_PASSWORD_QUESTION,
} from './testing/english-texts';

// The English constants the tests and stories check the screens with must read as the
// catalogue's English, which is what the screens show (the jsdom setup activates English).
describe('the spec’s English texts the tests and stories use', () => {
  it.each([
    [FORGOT_PASSWORD_QUESTION, 'public.login.forgotPassword.question'],
    [DOWNLOAD_RECORD_LABEL, 'public.downloadRecord.button'],
    [DOWNLOAD_RECORD_FAILED, 'public.downloadRecord.failed'],
    [ACCESS_LOG_LOADING, 'public.accessLog.loading'],
    [ACCESS_LOG_FAILED, 'public.accessLog.failed'],
    [ACCESS_LOG_EMPTY, 'public.accessLog.empty'],
  ] as const)('%s is the catalogue’s %s', (english, id) => {
    expect(t(id)).toBe(english);
  });
});
