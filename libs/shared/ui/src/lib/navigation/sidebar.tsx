import type { SectionLink } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { useId } from 'react';
import { useLocale } from '../i18n/use-t';
import { PortalLink } from './portal-link';

/** Props of {@link Sidebar}. */
export interface SidebarProps {
  /** The section's title, e.g. SECTION_TITLES.patients; it also names the navigation. */
  title: string;
  /** The section's links; their `sidebarLabel`s are shown. */
  links: readonly SectionLink[];
  /** The current path; its link is marked as the current page. */
  pathname: string;
}

/**
 * A management section's navigation on large screens. Below the lg breakpoint it is hidden and
 * the top bar's menu lists the same links instead.
 */
export function Sidebar({ title, links, pathname }: SidebarProps) {
  // The contract writes the section's words in English; they are shown in the language chosen.
  useLocale();
  const titleId = useId();
  const current = pathname.replace(/\/+$/, '');
  return (
    <nav
      aria-labelledby={titleId}
      className="hidden self-start rounded-xl border border-line bg-surface p-4 lg:sticky lg:top-24 lg:block print:hidden"
    >
      <p
        id={titleId}
        className="px-3 pb-3 text-sm font-bold tracking-wide text-brand-800 uppercase"
      >
        {translateEnglish(title)}
      </p>
      <ul className="flex flex-col gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <PortalLink
              to={link.to}
              aria-current={link.to === current ? 'page' : undefined}
              className="flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-900"
            >
              {translateEnglish(link.sidebarLabel)}
            </PortalLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
