import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState, useT } from '@portal/ui';

/** What a page that failed to render says, in the language shown. */
function PageFailed() {
  const t = useT();
  return <ErrorState>{t('common.shell.pageFailed')}</ErrorState>;
}

/** Catches a page that fails to render, so one broken screen never blanks the whole app. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The console only: nothing about the page's data leaves the browser.
    console.error('Page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <PageFailed />
      </div>
    );
  }
}
