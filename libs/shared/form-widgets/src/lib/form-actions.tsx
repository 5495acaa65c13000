import { useFormContext } from 'react-hook-form';
import { Button, useT } from '@portal/ui';

/** Props of FormActions. */
export interface FormActionsProps {
  /** The submit button's text: 'Done', 'Add' or 'Search' in the spec's forms. */
  submitLabel: 'Done' | 'Add' | 'Search' | (string & {});
  /** While a request runs: both buttons are disabled. */
  busy?: boolean;
  /** Called after Reset has cleared the form (to hide the page's notice, say). */
  onReset?: () => void;
  /** The reset button's text (by default "Reset" in the language shown). */
  resetLabel?: string;
}

/**
 * The spec's two form buttons: Reset, which clears every field back to the form's default
 * values, and the submit button; both disabled while `busy`. Nothing here resets on a failed
 * submit: a form keeps what was typed until it succeeds.
 */
export function FormActions({ submitLabel, busy = false, onReset, resetLabel }: FormActionsProps) {
  const t = useT();
  const form = useFormContext();
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          form?.reset();
          onReset?.();
        }}
      >
        {resetLabel ?? t('common.form.reset')}
      </Button>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
