import { useEffect } from 'react';
import { SYSTEM_DESTINATION } from '@portal/contract';
import { useAuth, usePortalNavigate } from '@portal/auth';
import { draftReturnPath, forgetDraftReturn } from '@portal/shell';
import { LoadingState, useT } from '@portal/ui';
import { LoginPage } from '../login/login-page';
import type { Pack } from '@portal/i18n';
import loginPageTexts from '@portal/i18n/packs/page-login';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [loginPageTexts];

/**
 * /system: sends a signed-in user to their role's starting page — the patient's record here,
 * or a full-page move into the clinical or HR app — and shows anyone else the login page.
 */
export function SystemPage() {
  const t = useT();
  const { isAuthenticated, role, claims } = useAuth();
  const navigate = usePortalNavigate();
  // Signed in again after a session ended over a form: back to that form, whose values were
  // kept for this tab (form-draft.ts in @portal/shell); else the role's starting page.
  const destination =
    isAuthenticated && role ? (draftReturnPath(claims?.sub) ?? SYSTEM_DESTINATION[role]) : null;

  useEffect(() => {
    if (!destination) return;
    forgetDraftReturn();
    navigate(destination, { replace: true });
  }, [destination, navigate]);

  return destination ? <LoadingState label={t('public.system.opening')} /> : <LoginPage />;
}
