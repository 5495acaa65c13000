import { type ReactNode, StrictMode, Suspense, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '@portal/auth';
import type { ManagementSectionInfo } from '@portal/contract';
import {
  activateLocale,
  type AppScope,
  chosenLocale,
  loadRestOfReadBack,
  type MessageId,
} from '@portal/i18n';
import { LoadingState, loadLaterTexts, useT, whenIdle } from '@portal/ui';
import { installBackGuardHub } from './back-guard-hub';
import { ErrorBoundary } from './error-boundary';
import { NavigationScroll } from './navigation-scroll';
import { PortalFrame } from './portal-frame';

// The leave guard's Back check must be on `window` before the router's (back-guard-hub.ts).
installBackGuardHub();

/** Props of {@link PortalApp} and {@link PortalRoot}. */
export interface PortalRootProps {
  readonly children: ReactNode;
  readonly footer?: ReactNode;
  /** A management app's section (managementApp's `section`): the top bar's menu lists its links. */
  readonly section?: ManagementSectionInfo;
}

/**
 * Everything an app needs around its routes: the router, the session, the frame, an error
 * boundary and a loading fallback for lazily loaded pages. The query client is not here: the
 * routes that talk to the API sit in a {@link QueryLayout}, so a page that makes no call does
 * not download TanStack Query.
 */
export function PortalApp({ children, footer, section }: PortalRootProps) {
  return (
    <StrictMode>
      <BrowserRouter>
        <PortalRoot footer={footer} section={section}>
          {children}
        </PortalRoot>
      </BrowserRouter>
    </StrictMode>
  );
}

/**
 * The session, the frame, an error boundary and the loading fallback, inside the router; and
 * where each navigation leaves the page scrolled (NavigationScroll).
 */
export function PortalRoot({ children, footer, section }: PortalRootProps) {
  // The footer waits for the first page: shown under the loading fallback, it would be pushed
  // down when the page arrives, a layout shift (CLS) on every first visit.
  const [pageShown, setPageShown] = useState(false);
  const showFooter = useCallback(() => setPageShown(true), []);
  // The rest of the contract's translations (rules, passwords, problems) once the page is
  // shown, not on the first visit's path.
  useEffect(() => {
    if (!pageShown) return undefined;
    return whenIdle(() => {
      void loadRestOfReadBack().catch(() => undefined);
      // And the texts shown only after something happens (a warning, a dialog, a new code).
      void loadLaterTexts();
    });
  }, [pageShown]);
  const t = useT();
  return (
    <AuthProvider>
      <NavigationScroll />
      <PortalFrame footer={footer} footerHidden={!pageShown} section={section}>
        <ErrorBoundary>
          <Suspense fallback={<LoadingState label={t('common.loading')} />}>
            {children}
            <WhenShown run={showFooter} />
          </Suspense>
        </ErrorBoundary>
      </PortalFrame>
    </AuthProvider>
  );
}

/** Runs `run` once the content around it has rendered: inside a Suspense, once it has loaded. */
function WhenShown({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * How long the first render waits for `ready` at most: on a stalled network the frame and its
 * loading state show rather than an empty page.
 */
export const READY_WAIT_MS = 3000;

/**
 * Renders an app into the page's #root element, in the chosen language (the app's catalogue
 * and `common`, fetched beside the page: nothing is painted in a language about to change);
 * once `ready` has settled when given (the address's page fetched by preloadRoute), so that
 * the first paint shows the page rather than the loading fallback, but no later than
 * {@link READY_WAIT_MS} after the messages.
 */
export function mountPortalApp(
  app: ReactNode,
  { scope, title }: { scope: AppScope; title: MessageId },
  ready?: Promise<unknown>,
): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  let rendered = false;
  const render = () => {
    if (rendered) return;
    rendered = true;
    createRoot(root).render(app);
  };
  // A catalogue that cannot be fetched (a stalled network): English, the spec's words, else
  // the page as it is rather than none.
  const messages = activateLocale(chosenLocale(), scope, title).catch(() => activateLocale('en'));
  void messages.then(() => {
    if (!ready) return render();
    void ready.then(render, render);
    setTimeout(render, READY_WAIT_MS);
  }, render);
}
