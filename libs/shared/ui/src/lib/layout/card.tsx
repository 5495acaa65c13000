import { useId, type ReactNode } from 'react';

/** Props of {@link Card}. */
export interface CardProps {
  /** A heading (h2); with it the card is a section named by that heading. */
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A white panel that groups one form, list or record on the canvas. */
export function Card({ title, children, className = '' }: CardProps) {
  const titleId = useId();
  const classes = `rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6 ${className}`;
  if (title === undefined) return <div className={classes}>{children}</div>;
  return (
    <section aria-labelledby={titleId} className={classes}>
      <h2 id={titleId} className="mb-4 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
