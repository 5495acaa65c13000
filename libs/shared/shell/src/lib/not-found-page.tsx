import { ROUTES } from '@portal/contract';
import { LinkButton, PageHeading, useT } from '@portal/ui';

/** What any unknown address shows, with a way home. */
export function NotFoundPage() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
      <PageHeading>{t('common.notFound.heading')}</PageHeading>
      <p className="text-muted">{t('common.notFound.body')}</p>
      <LinkButton to={ROUTES.home}>{t('common.notFound.home')}</LinkButton>
    </div>
  );
}
