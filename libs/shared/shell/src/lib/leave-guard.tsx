import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useHref, useLocation } from 'react-router-dom';
import { Button, Dialog, useLaterTexts, useT } from '@portal/ui';
import { installBackGuardHub, setBackGuard } from './back-guard-hub';
import { useWarnBeforeUnload } from './unsaved-changes';

// Before any router a test mounts after importing this; the apps install it in PortalApp.
installBackGuardHub();

export { LEAVE_QUESTION } from './leave-question';

/**
 * Set once the person chose to leave, for every guard on the page: a page may hold several
 * (My account's password and second-factor forms), and the move one of them lets go must not be
 * held again by the next. Cleared when a guard is put in place afresh, and when the session
 * ends (what was typed is kept for this tab then: form-widgets' drafts).
 */
let leaveAgreed = false;

/** Lets the page go without a question: the session ended, and what was typed is kept. */
export function agreeToLeave(): void {
  leaveAgreed = true;
}

/** The position react-router's browser history keeps in each entry's state (`idx`). */
const historyIndex = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/**
 * The link a click follows inside this origin to another page than `here` (the router's page,
 * as path and query), if it is one to ask about.
 */
function leavingLink(event: MouseEvent, here: string): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null; // a new tab
  const target = event.target instanceof Element ? event.target : null;
  const anchor = target?.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  // Another site: the browser's own beforeunload question covers it.
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search === here ? null : anchor;
}

/**
 * Nothing typed is lost without a word: while `dirty`, closing the tab or leaving
 * the portal asks (the browser's own question, `beforeunload`), and so does a move inside the
 * portal, by a link (any `<a>`: react-router's Link, a PortalLink into another app, the
 * sidebar, the top bar) or by Back and Forward, in a dialog: **Stay on this page** / **Leave
 * without saving**. It works under any router (the apps' BrowserRouter, a MemoryRouter in
 * tests; Back and Forward need the browser's history), so the apps need no data router for it: a click on a link is held in the capture
 * phase before the router sees it and replayed on Leave; a Back is undone at once (the router
 * never hears of it: back-guard-hub.ts; react-router's history numbers its entries, `idx`) and
 * redone on Leave.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  /** How to carry on with the move the person asked for, while the question is open. */
  const [pending, setPending] = useState<(() => void) | null>(null);
  /** Set once the person chose to leave, so the guard lets that move (and its unload) go. */
  const passing = useRef(false);
  const { pathname, search } = useLocation();
  const here = useHref({ pathname, search });
  useWarnBeforeUnload(dirty);

  // A layout effect: the guard is in place as soon as the first keystroke is on screen.
  useLayoutEffect(() => {
    if (!dirty) return;
    passing.current = false;
    leaveAgreed = false;
    const agreed = () => passing.current || leaveAgreed;
    const at = historyIndex(window.history.state);

    const onClick = (event: MouseEvent) => {
      if (agreed()) return;
      const anchor = leavingLink(event, here);
      if (!anchor) return;
      event.preventDefault();
      // One question per move, however many forms of the page hold unsaved changes.
      event.stopImmediatePropagation();
      setPending(() => () => {
        passing.current = true;
        leaveAgreed = true;
        anchor.click();
      });
    };

    /** Set while the guard's own step back is under way: the router must not hear of it. */
    let undoing = false;
    const onPopState = (event: PopStateEvent): boolean => {
      if (undoing) {
        undoing = false;
        return true;
      }
      const to = historyIndex(event.state);
      if (agreed() || at === null || to === null || to === at) return false;
      // Back or Forward: the address has already moved; put it back before the router reads it.
      const steps = to - at;
      undoing = true;
      window.history.go(-steps);
      setPending(() => () => {
        passing.current = true;
        leaveAgreed = true;
        window.history.go(steps);
      });
      return true;
    };

    // Leaving was already agreed to (a link into another app): no second, browser question.
    const onBeforeUnload = (event: Event) => {
      if (agreed()) event.stopImmediatePropagation();
    };

    document.addEventListener('click', onClick, true);
    const removeBackGuard = setBackGuard(onPopState);
    window.addEventListener('beforeunload', onBeforeUnload, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      removeBackGuard();
      window.removeEventListener('beforeunload', onBeforeUnload, true);
    };
  }, [dirty, here]);

  const stay = () => setPending(null);
  const leave = () => {
    const proceed = pending;
    setPending(null);
    proceed?.();
  };

  return <UnsavedChangesDialog open={pending !== null} onStay={stay} onProceed={leave} />;
}

/** Props of {@link UnsavedChangesDialog}. */
export interface UnsavedChangesDialogProps {
  readonly open: boolean;
  /** Keep what was typed: the dialog closes and nothing else happens. */
  readonly onStay: () => void;
  /** Carry on and lose what was typed. */
  readonly onProceed: () => void;
  /** The question (in the language shown); leaving the page's by default. */
  readonly question?: string;
  /** The button that carries on; "Leave without saving" by default. */
  readonly proceedLabel?: string;
}

/**
 * The one question asked before unsaved changes are lost, "Unsaved changes", with **Stay on
 * this page** and a button that carries on: leaving the page ({@link LeaveGuard}) or loading
 * another record into the form ({@link useDiscardQuestion}).
 */
export function UnsavedChangesDialog({
  open,
  onStay,
  onProceed,
  question,
  proceedLabel,
}: UnsavedChangesDialogProps) {
  const t = useT();
  // Its words come once the page is shown (the `later` pack): open once they are there.
  const textsLoaded = useLaterTexts();
  return (
    <Dialog
      open={open && textsLoaded}
      role="alertdialog"
      title={t('common.leaveGuard.title')}
      description={question ?? t('common.leaveGuard.question')}
      onClose={onStay}
      actions={
        <>
          <Button variant="secondary" onClick={onStay}>
            {t('common.leaveGuard.stay')}
          </Button>
          <Button variant="danger" onClick={onProceed}>
            {proceedLabel ?? t('common.leaveGuard.leave')}
          </Button>
        </>
      }
    />
  );
}

/**
 * Asks before something on the page itself would throw away unsaved changes (loading another
 * employee into a half-edited form), with the same dialog as leaving the page. `ask()` answers
 * true at once when nothing is unsaved, else when the person chooses to carry on.
 */
export function useDiscardQuestion(
  dirty: boolean,
  wording: { question: string; proceedLabel: string },
): { ask: () => Promise<boolean>; dialog: ReactNode } {
  const [answer, setAnswer] = useState<((proceed: boolean) => void) | null>(null);
  const ask = () =>
    dirty ? new Promise<boolean>((resolve) => setAnswer(() => resolve)) : Promise.resolve(true);
  const settle = (proceed: boolean) => {
    answer?.(proceed);
    setAnswer(null);
  };
  const dialog = (
    <UnsavedChangesDialog
      open={answer !== null}
      onStay={() => settle(false)}
      onProceed={() => settle(true)}
      question={wording.question}
      proceedLabel={wording.proceedLabel}
    />
  );
  return { ask, dialog };
}
