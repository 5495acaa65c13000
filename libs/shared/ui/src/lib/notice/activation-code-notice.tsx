import { formatActivationCode, ROUTES } from '@portal/contract';
import { useState, type ReactNode, type Ref } from 'react';
import { Button } from '../button/button';
import { Notice } from './notice';

// One fixed, unambiguous format ("14 September 2025"), whatever the browser's locale.
const EXPIRY_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });

/** Props of {@link ActivationCodeNotice}. */
export interface ActivationCodeNoticeProps {
  /** The one-time code, with or without dashes. */
  code: string;
  /** When the code stops working: an ISO date-time or a Date. */
  expiresAt: string | Date;
  /** Who the code is for, e.g. "Somchai Jaidee (P051)". */
  personLabel: string;
  /** Headline; "Activation code for …" unless given. */
  title?: ReactNode;
  /** Lets a form move focus here after a successful submit. */
  ref?: Ref<HTMLDivElement>;
}

type CopyState = { code: string; outcome: 'copied' | 'failed' } | null;

/**
 * The success notice of a newly created patient or employee: the activation code to hand over,
 * a copy button, when it expires and what the person does with it.
 */
export function ActivationCodeNotice({
  code,
  expiresAt,
  personLabel,
  title,
  ref,
}: ActivationCodeNoticeProps) {
  const shown = formatActivationCode(code);
  const expiry = new Date(expiresAt);
  // Keyed by code, so a new code (another record created) starts with a fresh Copy button.
  const [copy, setCopy] = useState<CopyState>(null);
  const outcome = copy?.code === shown ? copy.outcome : null;

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      setCopy({ code: shown, outcome: 'copied' });
    } catch {
      // No clipboard (an insecure page, a refused permission): the code can still be selected.
      setCopy({ code: shown, outcome: 'failed' });
    }
  };

  return (
    <Notice ref={ref} tone="success" title={title ?? `Activation code for ${personLabel}`}>
      <div className="flex flex-wrap items-center gap-3 py-1">
        <p className="font-mono text-2xl font-bold tracking-widest break-all text-ink select-all sm:text-3xl">
          {shown}
        </p>
        <Button variant="secondary" onClick={() => void copyCode()}>
          {outcome === 'copied' ? 'Copied' : 'Copy code'}
        </Button>
      </div>
      {outcome === 'failed' && (
        <p className="font-semibold">Could not copy: select the code and copy it by hand.</p>
      )}
      <p>
        Give this code to {personLabel}: they register at {ROUTES.login} with their ID and this
        code. It works once and expires on{' '}
        <time dateTime={expiry.toISOString()}>{EXPIRY_FORMAT.format(expiry)}</time>.
      </p>
    </Notice>
  );
}
