import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type ManagementSectionInfo, sectionLinksOn, TIMINGS } from '@portal/contract';
import { ACCOUNT_LOCALE_SESSION_KEY, ROLE_LABELS } from '@portal/reference-data';
import { setAccountLocale } from '@portal/api-client';
import { useAuth, useIdleWarning } from '@portal/auth';
import { chooseLocale, currentLocale, type Locale, translateEnglish } from '@portal/i18n';
import { PageShell, TopBar, useLocale, whenIdle } from '@portal/ui';
import { SiteFooter } from './site-footer';

/** Fetches the idle warning's dialog, a chunk of its own (session-warning.ts). */
const loadSessionWarning = () => import('./session-warning');
type SessionWarningModule = Awaited<ReturnType<typeof loadSessionWarning>>;

/**
 * The idle warning's chunk once the warning has opened and the chunk has arrived (null till
 * then): it is asked for when the warning opens, and asked for again each second the warning
 * stays open (its countdown) for as long as it has not arrived. A first visit, signed in or
 * not, does not download it (the landing page's start-up chunk without it).
 */
const loadConnectionNotice = () => import('./connection-notice');
type ConnectionNoticeModule = Awaited<ReturnType<typeof loadConnectionNotice>>;

/**
 * The connection's notice (connection-notice.tsx), fetched once the page is shown and the
 * browser is idle, as the `later` pack is: no first visit carries it, and it is there before
 * the connection drops.
 */
function useConnectionNotice(): ConnectionNoticeModule | null {
  const [notice, setNotice] = useState<ConnectionNoticeModule | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      loadConnectionNotice().then(
        (module) => live && setNotice(module),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return notice;
}

function useSessionWarning(open: boolean, secondsLeft: number): SessionWarningModule | null {
  const [warning, setWarning] = useState<SessionWarningModule | null>(null);
  useEffect(() => {
    if (warning || !open) return;
    let current = true;
    loadSessionWarning().then(
      (module) => {
        if (current) setWarning(module);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [warning, open, secondsLeft]);
  return warning;
}

/**
 * The language chosen on the account (the token's `locale`), shown once per session: a login on
 * another browser shows it; a choice made on this browser after that stays until the next login.
 */
function useAccountLocale(claims: { sid: string; locale?: Locale } | null): void {
  const sid = claims?.sid;
  const locale = claims?.locale;
  useEffect(() => {
    if (!sid || !locale) return;
    try {
      if (localStorage.getItem(ACCOUNT_LOCALE_SESSION_KEY) === sid) return;
      localStorage.setItem(ACCOUNT_LOCALE_SESSION_KEY, sid);
    } catch {
      // storage blocked: show the account's language on each page load of this session
    }
    if (locale !== currentLocale()) void chooseLocale(locale);
  }, [sid, locale]);
}

/** Keeps a signed-in person's choice on their account; a failed call changes nothing shown. */
function keepOnAccount(locale: Locale): void {
  setAccountLocale(locale).catch(() => undefined);
}

/** Props of {@link PortalFrame}. */
export interface PortalFrameProps {
  readonly children: ReactNode;
  /** The footer; the site's own by default. */
  readonly footer?: ReactNode;
  /** Leaves the footer out (while the first page is still loading). */
  readonly footerHidden?: boolean;
  /** The app's management section, whose links the top bar's menu lists on its pages. */
  readonly section?: ManagementSectionInfo;
}

/**
 * The frame of every page: the top bar wired to the session (who is signed in, with My account
 * and Logout; its Logout waits the spec's 250 ms), the page, and the warning shown shortly
 * before an idle session ends.
 */
export function PortalFrame({ children, footer, footerHidden = false, section }: PortalFrameProps) {
  const { pathname } = useLocation();
  const { isAuthenticated, logout, claims, role } = useAuth();
  useAccountLocale(claims);
  // Who is signed in, from the token (its `name` claim): no call on every page. The role's
  // label is the contract's English, shown in the language chosen (read again on a switch).
  useLocale();
  const user =
    claims?.name && role
      ? { name: claims.name, roleLabel: translateEnglish(ROLE_LABELS[role]) }
      : null;
  const idle = useIdleWarning();
  const warning = useSessionWarning(idle.open, idle.secondsLeft);
  const connection = useConnectionNotice();
  return (
    <PageShell
      topBar={
        <TopBar
          pathname={pathname}
          sectionLinks={sectionLinksOn(pathname, section)}
          authenticated={isAuthenticated}
          user={user}
          onLogout={() => void logout({ delayMs: TIMINGS.topBarLogoutDelayMs })}
          onLanguageChosen={isAuthenticated ? keepOnAccount : undefined}
        />
      }
      footer={footerHidden ? null : (footer ?? <SiteFooter />)}
    >
      {children}
      {connection && <connection.ConnectionNotice />}
      {warning && (
        <warning.SessionWarningDialog
          open={idle.open}
          secondsLeft={idle.secondsLeft}
          onStay={() => void idle.staySignedIn()}
          onLogout={() => void logout()}
        />
      )}
    </PageShell>
  );
}
