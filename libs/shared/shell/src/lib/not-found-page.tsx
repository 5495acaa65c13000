import { ROUTES } from '@portal/contract';
import { LinkButton, LoadingState, PageHeading, useLaterTexts, useT } from '@portal/ui';

/**
 * What any unknown address shows, with a way home. Its words come with the texts no page shows
 * as it opens (the `later` pack), which it waits for.
 */
export function NotFoundPage() {
  const t = useT();
  if (!useLaterTexts()) return <LoadingState label={t('common.loading')} />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
      <PageHeading>{t('common.notFound.heading')}</PageHeading>
      <p className="text-muted">{t('common.notFound.body')}</p>
      <LinkButton to={ROUTES.home}>{t('common.notFound.home')}</LinkButton>
    </div>
  );
}
