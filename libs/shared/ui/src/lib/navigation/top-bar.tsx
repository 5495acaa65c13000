import { accountPath, appForPath, ROUTES, type SectionLink } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { Locale } from '@portal/i18n';
import { HospitalName, Logo } from '../brand/logo';
import { LanguageSwitch } from '../i18n/language-switch';
import { Msg, useT } from '../i18n/use-t';
import { PortalLink } from './portal-link';

/** Props of {@link TopBar}. */
export interface TopBarProps {
  /** The current path; it decides the System link and which link is the current page. */
  pathname: string;
  /**
   * The links of the app's management section, listed in the menu below the lg breakpoint
   * (none by default: the public app's pages; sectionLinksOn in @portal/contract).
   */
  sectionLinks?: readonly SectionLink[];
  /** Whether somebody is signed in: Logout instead of Login, System on the home page. */
  authenticated: boolean;
  /** Called when the Login link is chosen (the link still goes to /login). */
  onLogin?: () => void;
  /** Called when Logout is chosen. */
  onLogout: () => void;
  /** Called when the logo is chosen, instead of the default scroll to the top on the home page. */
  onLogoClick?: () => void;
  /**
   * Who is signed in, shown with a menu (My account, Logout); absent when signed out or not
   * known (a token without a name).
   */
  user?: { readonly name: string; readonly roleLabel: string } | null;
  /** Called when the language switch has shown another language. */
  onLanguageChosen?: (locale: Locale) => void;
}

/**
 * The spec's rule, read word for word: "A System link is shown on the home page only to
 * authenticated users", and every other menu "holds System and Login/Logout". So the
 * home page is the one place where signing in matters; elsewhere System is always there.
 */
function showsSystemLink(pathname: string, authenticated: boolean): boolean {
  return pathname !== ROUTES.home || authenticated;
}

function isCurrent(pathname: string, to: string): boolean {
  return pathname.replace(/\/+$/, '') === to.replace(/\/+$/, '');
}

function scrollToTop() {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}

const inlineLinkClasses =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-100 aria-[current=page]:text-brand-900';
const menuItemClasses =
  'flex min-h-12 w-full items-center rounded-lg px-3 text-left text-base font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-100 aria-[current=page]:text-brand-900';

/**
 * The portal's fixed top bar: logo and hospital name (a link home), System and Login/Logout
 * inline on large screens, and below the lg breakpoint a menu toggle whose panel also lists the
 * current management section's links. The menu closes on any choice and on Escape.
 */
export function TopBar({
  pathname,
  sectionLinks = [],
  authenticated,
  onLogin,
  onLogout,
  onLogoClick,
  user,
  onLanguageChosen,
}: TopBarProps) {
  const t = useT();
  // Open for one path only: navigating away (even with the browser's Back) closes the menu.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = () => setOpenOnPath(null);

  const signedInAs = authenticated && user ? user : null;
  const showSystem = showsSystemLink(pathname, authenticated);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    toggleRef.current?.focus();
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [open]);

  const chooseLogo = () => {
    close();
    if (onLogoClick) onLogoClick();
    else if (pathname === ROUTES.home) scrollToTop();
  };
  const chooseLogin = () => {
    close();
    onLogin?.();
  };
  const chooseLogout = () => {
    close();
    // The Logout button leaves with the menu: keep keyboard focus on the bar, not on nothing.
    if (open) toggleRef.current?.focus();
    onLogout();
  };

  const systemLink = (className: string) => (
    <PortalLink
      to={ROUTES.system}
      className={className}
      aria-current={isCurrent(pathname, ROUTES.system) ? 'page' : undefined}
      onClick={close}
    >
      {t('common.topBar.system')}
    </PortalLink>
  );
  const sessionControl = (className: string) =>
    authenticated ? (
      <button type="button" className={className} onClick={chooseLogout}>
        {t('common.topBar.logout')}
      </button>
    ) : (
      <PortalLink
        to={ROUTES.login}
        className={className}
        aria-current={isCurrent(pathname, ROUTES.login) ? 'page' : undefined}
        onClick={chooseLogin}
      >
        {t('common.topBar.login')}
      </PortalLink>
    );

  return (
    // h-16 matches PageShell's top padding, which keeps content clear of this fixed bar.
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line bg-surface shadow-sm print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        {/* Named by the visible hospital name, as a logo link home conventionally is. */}
        <PortalLink
          to={ROUTES.home}
          className="flex min-h-11 items-center gap-3 rounded-lg"
          onClick={chooseLogo}
        >
          <Logo />
          <HospitalName />
        </PortalLink>

        <nav aria-label={t('common.topBar.mainNav')} className="flex items-center gap-2">
          <ul className="hidden items-center gap-2 lg:flex">
            {showSystem && <li>{systemLink(inlineLinkClasses)}</li>}
            <li>{sessionControl(inlineLinkClasses)}</li>
          </ul>
          {signedInAs && <UserMenu user={signedInAs} pathname={pathname} onLogout={chooseLogout} />}
          <LanguageSwitch onChosen={onLanguageChosen} />

          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpenOnPath(open ? null : pathname)}
          >
            <span className="sr-only">{t('common.topBar.menu')}</span>
            <MenuIcon open={open} />
          </button>

          {/* Always in the DOM (hidden when closed), so aria-controls always points somewhere and
              the animation replays each time the panel is shown. */}
          <div
            id={menuId}
            hidden={!open}
            className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] animate-menu-open overflow-y-auto border-b border-line bg-surface px-4 pt-2 pb-4 shadow-md lg:hidden"
          >
            {signedInAs && (
              // Who is signed in, above the spec's links; the spec's Logout stays last below.
              <div className="mb-2 border-b border-line pb-2">
                <p className="px-3 py-1 text-sm text-muted">
                  <Msg
                    id="common.topBar.signedInAs"
                    values={{
                      name: signedInAs.name,
                      role: translateEnglish(signedInAs.roleLabel),
                    }}
                    components={{ 0: <span className="font-semibold text-ink" /> }}
                  />
                </p>
                <AccountLink pathname={pathname} onClick={close} />
              </div>
            )}
            <ul className="flex flex-col gap-1">
              {sectionLinks.map((link) => (
                <li key={link.to}>
                  <PortalLink
                    to={link.to}
                    className={menuItemClasses}
                    aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
                    onClick={close}
                  >
                    {translateEnglish(link.label)}
                  </PortalLink>
                </li>
              ))}
              {showSystem && (
                <li className={sectionLinks.length > 0 ? 'mt-1 border-t border-line pt-2' : ''}>
                  {systemLink(menuItemClasses)}
                </li>
              )}
              <li
                className={
                  sectionLinks.length > 0 && !showSystem ? 'mt-1 border-t border-line pt-2' : ''
                }
              >
                {sessionControl(menuItemClasses)}
              </li>
            </ul>
          </div>
        </nav>
      </div>
    </header>
  );
}

/** My account, in the app the person is in (each app mounts it at its own `accountPath`). */
function AccountLink({ pathname, onClick }: { pathname: string; onClick: () => void }) {
  const t = useT();
  const to = accountPath(appForPath(pathname));
  return (
    <PortalLink
      to={to}
      className={menuItemClasses}
      aria-current={isCurrent(pathname, to) ? 'page' : undefined}
      onClick={onClick}
    >
      {t('common.topBar.myAccount')}
    </PortalLink>
  );
}

/**
 * The large screens' "who is signed in": the person's name and role on a button that opens a
 * small menu, **My account** and **Logout**. A disclosure (a button and the list it shows), so
 * Tab, Enter and Space work as everywhere; Escape and a click elsewhere close it and give the
 * focus back to the button.
 */
function UserMenu({
  user,
  pathname,
  onLogout,
}: {
  user: { readonly name: string; readonly roleLabel: string };
  pathname: string;
  onLogout: () => void;
}) {
  const t = useT();
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = () => setOpenOnPath(null);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    buttonRef.current?.focus();
  });
  const onPointerDown = useEffectEvent((event: PointerEvent) => {
    const target = event.target as Node | null;
    if (buttonRef.current?.contains(target) || panelRef.current?.contains(target)) return;
    close();
  });
  useEffect(() => {
    if (!open) return;
    const key = (event: KeyboardEvent) => onKeyDown(event);
    const pointer = (event: PointerEvent) => onPointerDown(event);
    document.addEventListener('keydown', key);
    document.addEventListener('pointerdown', pointer);
    return () => {
      document.removeEventListener('keydown', key);
      document.removeEventListener('pointerdown', pointer);
    };
  }, [open]);

  return (
    <div className="relative hidden lg:block">
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-left text-sm text-ink hover:bg-brand-50"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOnPath(open ? null : pathname)}
      >
        <span className="flex flex-col leading-tight">
          <span className="font-semibold">{user.name}</span>
          <span className="text-xs text-muted">{translateEnglish(user.roleLabel)}</span>
        </span>
        <svg
          className="size-4"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
        <span className="sr-only">{t('common.topBar.accountMenu')}</span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full mt-1 w-56 rounded-lg border border-line bg-surface p-2 shadow-md"
      >
        <ul className="flex flex-col gap-1">
          <li>
            <AccountLink pathname={pathname} onClick={close} />
          </li>
          <li>
            <button
              type="button"
              className={menuItemClasses}
              onClick={() => {
                close();
                buttonRef.current?.focus();
                onLogout();
              }}
            >
              {t('common.topBar.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      className="size-6"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
