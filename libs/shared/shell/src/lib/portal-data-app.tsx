import { type ReactNode, StrictMode, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PortalRoot } from './portal-app';

/**
 * {@link PortalApp} on a data router (issue 12), so that `LeaveGuard` can ask before an in-app
 * move away from a form with unsaved changes (react-router's `useBlocker` needs one). One splat
 * route holds the app, whose own <Routes> match below it as before. A data router costs about
 * 16 KB gzip on a first visit, so only the clinical app, where clinicians move between the chart
 * and its forms, mounts it (the landing page's and HR's budgets have no room for it).
 */
export function PortalDataApp({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const [router] = useState(() =>
    createBrowserRouter([
      { path: '*', element: <PortalRoot footer={footer}>{children}</PortalRoot> },
    ]),
  );
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
