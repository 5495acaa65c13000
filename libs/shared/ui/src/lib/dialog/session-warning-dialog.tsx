import { useRef } from 'react';
import { Button } from '../button/button';
import { useLaterTexts } from '../i18n/use-later-texts';
import { useT } from '../i18n/use-t';
import { Dialog } from './dialog';

/** Props of {@link SessionWarningDialog}. */
export interface SessionWarningDialogProps {
  /** Whether the warning is shown. */
  open: boolean;
  /** Seconds until the session ends. */
  secondsLeft: number;
  /** Keep the session (renew it); also what Escape does. */
  onStay: () => void;
  /** End the session now. */
  onLogout: () => void;
}

/**
 * Warns an idle user before the session ends, so nobody loses a half-typed form without a
 * chance to stay. Staying is the default: it has focus first and Escape chooses it.
 */
export function SessionWarningDialog({
  open,
  secondsLeft,
  onStay,
  onLogout,
}: SessionWarningDialogProps) {
  const t = useT();
  // Its words come once the page is shown (the `later` pack): open once they are there.
  const textsLoaded = useLaterTexts();
  const stayRef = useRef<HTMLButtonElement>(null);
  const seconds = Math.max(0, Math.ceil(secondsLeft));
  return (
    <Dialog
      open={open && textsLoaded}
      role="alertdialog"
      title={t('common.sessionWarning.title')}
      description={t('common.sessionWarning.description', { seconds })}
      onClose={onStay}
      initialFocusRef={stayRef}
      actions={
        <>
          <Button ref={stayRef} onClick={onStay}>
            {t('common.sessionWarning.stay')}
          </Button>
          <Button variant="secondary" onClick={onLogout}>
            {t('common.sessionWarning.logout')}
          </Button>
        </>
      }
    />
  );
}
