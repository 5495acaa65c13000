import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '@portal/ui';

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
        <ErrorState>
          Something went wrong on this page. Reload it to try again; if it keeps happening, contact
          the Help Desk.
        </ErrorState>
      </div>
    );
  }
}
