import type { MouseEvent, ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/** Props of {@link PageShell}. */
export interface PageShellProps {
  /** The top bar, normally a TopBar. */
  topBar: ReactNode;
  /** The page's content, inside `<main id="main">`. */
  children: ReactNode;
  /** An optional footer below the content. */
  footer?: ReactNode;
}

/** The id of every page's main landmark, the target of the skip link. */
export const MAIN_CONTENT_ID = 'main';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Focus rather than a hash change: the router would treat "#main" as a navigation.
  event.preventDefault();
  main.focus();
}

/**
 * Every page's frame: a skip link, the fixed top bar, the main content padded clear of it, and
 * an optional footer.
 */
export function PageShell({ topBar, children, footer }: PageShellProps) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-ink">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={skipToMain}
        className="sr-only rounded-lg bg-surface px-4 py-3 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {t('common.layout.skipToMain')}
      </a>
      {topBar}
      {/* pt-16: the TopBar is fixed and h-16 high. The focus ring would frame the whole page. */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="min-h-dvh flex-1 pt-16 outline-none print:min-h-0 print:pt-0"
      >
        {children}
      </main>
      {footer}
    </div>
  );
}
