import type { ComponentProps, ReactNode } from 'react';

/** What a notice reports: a success, an error, plain information or a warning. */
export type NoticeTone = 'success' | 'error' | 'info' | 'warning';

/* eslint-disable lingui/no-unlocalized-strings -- class lists and SVG paths, not words */
const TONE_CLASSES: Readonly<Record<NoticeTone, string>> = {
  success: 'border-success-700 bg-success-50 text-success-800',
  error: 'border-danger-700 bg-danger-50 text-danger-800',
  info: 'border-brand-700 bg-brand-50 text-brand-900',
  warning: 'border-warning-800 bg-warning-50 text-warning-800',
};
/* eslint-enable lingui/no-unlocalized-strings */

// An error interrupts (alert); everything else waits for a pause in speech (status).
const TONE_ROLES: Readonly<Record<NoticeTone, 'alert' | 'status'>> = {
  success: 'status',
  error: 'alert',
  info: 'status',
  warning: 'status',
};

/** Props of {@link Notice}. */
export type NoticeProps = Omit<ComponentProps<'div'>, 'title' | 'role'> & {
  tone: NoticeTone;
  /** A short headline above the message. */
  title?: ReactNode;
};

/**
 * A message about what just happened. It can take focus (tabIndex -1), so a form can move focus
 * to it after a submit and screen-reader users hear the outcome where they are.
 */
export function Notice({ tone, title, children, className = '', ...divProps }: NoticeProps) {
  return (
    <div
      role={TONE_ROLES[tone]}
      tabIndex={-1}
      className={`flex gap-3 rounded-lg border-l-4 p-4 ${TONE_CLASSES[tone]} ${className}`}
      {...divProps}
    >
      <NoticeIcon tone={tone} />
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        {title !== undefined && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
}

function NoticeIcon({ tone }: { tone: NoticeTone }) {
  /* eslint-disable lingui/no-unlocalized-strings -- SVG paths, not words */
  const paths: Record<NoticeTone, string> = {
    success: 'M8 12.5l2.5 2.5L16 9.5',
    error: 'M9 9l6 6M15 9l-6 6',
    info: 'M12 11v5M12 8h.01',
    warning: 'M12 8v5M12 16h.01',
  };
  /* eslint-enable lingui/no-unlocalized-strings */
  return (
    <svg
      className="mt-0.5 size-5 shrink-0"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path d={paths[tone]} />
    </svg>
  );
}
