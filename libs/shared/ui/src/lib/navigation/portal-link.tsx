import { isSameApp } from '@portal/contract';
import type { ComponentProps } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** Props of {@link PortalLink}: an anchor's props, with `to` (a portal path) instead of `href`. */
export type PortalLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

/**
 * A link to any page of the portal: a client-side route change inside the current app, a plain
 * `<a href>` when the target belongs to another app, whose bundle only a full page load brings.
 */
export function PortalLink({ to, ref, children, ...anchorProps }: PortalLinkProps) {
  const { pathname } = useLocation();
  if (isSameApp(pathname, to)) {
    return (
      <Link ref={ref} to={to} {...anchorProps}>
        {children}
      </Link>
    );
  }
  return (
    <a ref={ref} href={to} {...anchorProps}>
      {children}
    </a>
  );
}
