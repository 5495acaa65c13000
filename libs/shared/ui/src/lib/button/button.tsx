import type { ComponentProps } from 'react';
import { PortalLink, type PortalLinkProps } from '../navigation/portal-link';
import { useT } from '../i18n/use-t';
import { Spinner } from './spinner';

/** How a button looks: the one main action, a lesser one, a destructive one, or a quiet one. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

// Every text colour here meets 4.5:1 on its background (see the tokens in styles.css).
/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class lists, not words */
const VARIANT_CLASSES: Readonly<Record<ButtonVariant, string>> = {
  primary: 'border-brand-700 bg-brand-700 text-white hover:border-brand-800 hover:bg-brand-800',
  secondary: 'border-brand-700 bg-surface text-brand-800 hover:bg-brand-50',
  danger: 'border-danger-700 bg-danger-700 text-white hover:border-danger-800 hover:bg-danger-800',
  ghost: 'border-transparent bg-transparent text-brand-800 hover:bg-brand-50',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The classes of a button of a variant, for controls that must look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary'): string {
  // 44 px high: a comfortable touch target on phones (WCAG 2.5.8 asks for at least 24).
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a class list, not words
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold no-underline transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${VARIANT_CLASSES[variant]}`;
}

/** Props of {@link Button}. */
export type ButtonProps = ComponentProps<'button'> & {
  /** Look of the button; primary by default. */
  variant?: ButtonVariant;
  /** A request is running: the button is disabled and shows a spinner. */
  busy?: boolean;
};

/** A button; `type` defaults to "button" so that it never submits a form by accident. */
export function Button({
  variant = 'primary',
  busy = false,
  disabled,
  type = 'button',
  className = '',
  children,
  ...buttonProps
}: ButtonProps) {
  const t = useT();
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClasses(variant)} ${className}`}
      {...buttonProps}
    >
      {busy && <Spinner className="size-4" />}
      {children}
      {busy && (
        // The space keeps the accessible name two words: "Done Working…", not "DoneWorking…".
        <>
          {' '}
          <span className="sr-only">{t('common.button.working')}</span>
        </>
      )}
    </button>
  );
}

/** Props of {@link LinkButton}. */
export type LinkButtonProps = PortalLinkProps & { variant?: ButtonVariant };

/** A link that looks like a button: it goes somewhere rather than doing something. */
export function LinkButton({ variant = 'primary', className = '', ...linkProps }: LinkButtonProps) {
  return <PortalLink className={`${buttonClasses(variant)} ${className}`} {...linkProps} />;
}
