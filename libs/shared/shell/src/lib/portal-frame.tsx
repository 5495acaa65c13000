import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { TIMINGS } from '@portal/contract';
import { useAuth, useIdleWarning } from '@portal/auth';
import { PageShell, SessionWarningDialog, TopBar } from '@portal/ui';
import { SiteFooter } from './site-footer';

/** Props of {@link PortalFrame}. */
export interface PortalFrameProps {
  readonly children: ReactNode;
  /** The footer; the site's own by default. */
  readonly footer?: ReactNode;
  /** Leaves the footer out (while the first page is still loading). */
  readonly footerHidden?: boolean;
}

/**
 * The frame of every page: the top bar wired to the session (its Logout waits the spec's
 * 250 ms), the page, and the warning shown shortly before an idle session ends.
 */
export function PortalFrame({ children, footer, footerHidden = false }: PortalFrameProps) {
  const { pathname } = useLocation();
  const { isAuthenticated, logout } = useAuth();
  const idle = useIdleWarning();
  return (
    <PageShell
      topBar={
        <TopBar
          pathname={pathname}
          authenticated={isAuthenticated}
          onLogout={() => void logout({ delayMs: TIMINGS.topBarLogoutDelayMs })}
        />
      }
      footer={footerHidden ? null : (footer ?? <SiteFooter />)}
    >
      {children}
      <SessionWarningDialog
        open={idle.open}
        secondsLeft={idle.secondsLeft}
        onStay={() => void idle.staySignedIn()}
        onLogout={() => void logout()}
      />
    </PageShell>
  );
}
