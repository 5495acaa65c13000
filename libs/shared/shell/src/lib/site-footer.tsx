import { useT } from '@portal/ui';

/** The footer of every page, with the current year. */
export function SiteFooter() {
  const t = useT();
  return (
    <footer className="border-t border-line bg-surface px-4 py-6 text-center text-sm text-muted print:hidden">
      {t('common.footer.copyright', {
        year: String(new Date().getFullYear()),
        hospital: t('common.brand.hospitalName'),
      })}
    </footer>
  );
}
