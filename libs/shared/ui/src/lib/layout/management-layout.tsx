import type { ReactNode } from 'react';
import { PageHeading } from './page-heading';

/** Props of {@link ManagementLayout}. */
export interface ManagementLayoutProps {
  /** The section's Sidebar; it hides itself below the lg breakpoint. */
  sidebar: ReactNode;
  /** The page's heading (h1), when the page does not render its own PageHeading. */
  title?: ReactNode;
  children: ReactNode;
}

/** A management page: the sidebar on the left on large screens, the content full width on phones. */
export function ManagementLayout({ sidebar, title, children }: ManagementLayoutProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8 lg:py-8 print:block print:p-0">
      {sidebar}
      <div className="min-w-0">
        {title !== undefined && <PageHeading>{title}</PageHeading>}
        {children}
      </div>
    </div>
  );
}
