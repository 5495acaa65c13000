import type { Locale } from '@portal/reference-data';
import { ENDPOINTS } from '@portal/contract';
import { send, type RequestOptions } from '../request';

/**
 * PUT /account/locale: keeps the language the signed-in person chose on their account (204),
 * so that their next login, on any browser, shows it. Apart from the account page's calls: the
 * top bar's language switch makes it, and must not bring TanStack Query to a first visit.
 */
export async function setAccountLocale(locale: Locale, options: RequestOptions = {}) {
  await send(ENDPOINTS.setAccountLocale, { ...options, data: { locale } });
}
