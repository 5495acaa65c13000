import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '@portal/api-client';
import { AuthProvider } from '@portal/auth';
import { LoadingState } from '@portal/ui';
import { ErrorBoundary } from './error-boundary';
import { PortalFrame } from './portal-frame';

/**
 * Everything an app needs around its routes: the query client, the router, the session, the
 * frame, an error boundary and a loading fallback for lazily loaded pages.
 */
export function PortalApp({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AuthProvider>
            <PortalFrame footer={footer}>
              <ErrorBoundary>
                <Suspense fallback={<LoadingState label="Loading…" />}>{children}</Suspense>
              </ErrorBoundary>
            </PortalFrame>
          </AuthProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
}

/** Renders an app into the page's #root element. */
export function mountPortalApp(app: ReactNode): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(app);
}
