import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { Button, Dialog } from '@portal/ui';
import { useWarnBeforeUnload } from './unsaved-changes';

/** The question asked before a form with unsaved changes is left. */
export const LEAVE_QUESTION = 'Leave this page? What you typed has not been saved.';

/** Asks before an in-app move (a link, Back) while the form is dirty; Stay or Leave. */
function InAppLeavePrompt({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog
      open={blocked}
      role="alertdialog"
      title="Unsaved changes"
      description={LEAVE_QUESTION}
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </>
      }
    />
  );
}

/**
 * Nothing typed is lost without a word (issue 12): while `dirty`, closing the tab or leaving
 * the portal asks (the browser's own question, `beforeunload`), and so does a move inside the
 * app (react-router's `useBlocker`, which needs the data router the apps mount; under a plain
 * router, as in unit tests, only the tab is guarded).
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  useWarnBeforeUnload(dirty);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <InAppLeavePrompt dirty={dirty} /> : null;
}
