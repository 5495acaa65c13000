import type { ReactNode } from 'react';

/** A page's one h1, with an optional line under it. */
export function PageHeading({
  children,
  description,
}: {
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{children}</h1>
      {description !== undefined && <p className="mt-1 text-sm text-muted">{description}</p>}
    </div>
  );
}
