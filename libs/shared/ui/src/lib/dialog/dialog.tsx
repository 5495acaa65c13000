import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The heading; it also names the dialog. */
  title: ReactNode;
  /** A short text under the heading that describes the dialog to assistive technology. */
  description?: ReactNode;
  /** Called on Escape; the owner decides whether to close. */
  onClose: () => void;
  /** The body. */
  children?: ReactNode;
  /** The buttons at the bottom; one of them must close the dialog. */
  actions?: ReactNode;
  /** What takes focus on opening; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** "alertdialog" for an urgent question that interrupts the user. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog: labelled by its title, focus moved in, kept in (Tab cycles, the page behind
 * is inert) and given back to where it was on closing; Escape asks the owner to close it.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  title,
  description,
  onClose,
  children,
  actions,
  initialFocusRef,
  role = 'dialog',
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Opening: focus in, the page behind inert and still; closing: all of it undone.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overlay = panel.parentElement;
    // The attribute rather than the property: the same in every browser and in jsdom.
    const inerted = Array.from(document.body.children).filter(
      (element) => element !== overlay && !element.hasAttribute('inert'),
    );
    for (const element of inerted) element.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const first = initialFocusRef?.current ?? panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first.focus();

    return () => {
      for (const element of inerted) element.removeAttribute('inert');
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [initialFocusRef]);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const panel = panelRef.current;
    if (!panel) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      panel.focus();
    } else if (event.shiftKey && (active === first || !panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-ink/60 p-4 sm:items-center">
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description === undefined ? undefined : descriptionId}
        tabIndex={-1}
        className="max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-xl bg-surface p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-bold text-ink">
          {title}
        </h2>
        {description !== undefined && (
          <p id={descriptionId} className="mt-2 text-sm text-muted">
            {description}
          </p>
        )}
        {children !== undefined && <div className="mt-4 text-sm text-ink">{children}</div>}
        {actions !== undefined && (
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">{actions}</div>
        )}
      </div>
    </div>
  );
}
