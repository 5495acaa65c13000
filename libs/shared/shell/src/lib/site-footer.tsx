import { HOSPITAL_NAME } from '@portal/reference-data';

/** The footer of every page, with the current year. */
export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface px-4 py-6 text-center text-sm text-muted print:hidden">
      © {new Date().getFullYear()} {HOSPITAL_NAME}. All rights reserved.
    </footer>
  );
}
