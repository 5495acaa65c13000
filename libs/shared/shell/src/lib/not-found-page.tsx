import { ROUTES } from '@portal/contract';
import { LinkButton, PageHeading } from '@portal/ui';

/** What any unknown address shows, with a way home. */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
      <PageHeading>Page not found</PageHeading>
      <p className="text-muted">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </p>
      <LinkButton to={ROUTES.home}>Go to the home page</LinkButton>
    </div>
  );
}
