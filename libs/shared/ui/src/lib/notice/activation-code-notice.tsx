import { formatActivationCode, localDay, MESSAGES, ROUTES } from '@portal/contract';
import { HOSPITAL_NAME } from '@portal/reference-data';
import { useState, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../button/button';
import { Notice } from './notice';

// The portal's one date format (YYYY-MM-DD, in the browser's time zone), whatever its locale.
const EXPIRY_FORMAT = { format: localDay };

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
  /**
   * Who the code is for, for the printed handout: their name, ID and the role they pick when
   * registering ("Patient", "Medical Personnel", "HR"). With it the notice offers Print handout.
   */
  handout?: { name: string; id: string; role: string };
  /** With it the notice has a Dismiss button; without it the notice stays. */
  onDismiss?: () => void;
}

/**
 * The one-page sheet printed for the person: name, ID, code, expiry and the steps to
 * register. It is a child of <body>, hidden on screen; while it is there, printing the page
 * prints the sheet alone (the `data-print-handout` rules in styles.css).
 */
function ActivationHandout({
  name,
  id,
  role,
  code,
  expiry,
}: NonNullable<ActivationCodeNoticeProps['handout']> & { code: string; expiry: Date }) {
  const login = `${window.location.origin}${ROUTES.login}`;
  return createPortal(
    <section data-print-handout="" className="p-8 text-black">
      <p className="text-sm font-semibold tracking-wide uppercase">{HOSPITAL_NAME}</p>
      <h1 className="mt-2 text-2xl font-bold">Your activation code for the patient portal</h1>
      <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-lg">
        <dt className="font-semibold">Name</dt>
        <dd>{name}</dd>
        <dt className="font-semibold">ID</dt>
        <dd className="font-mono">{id}</dd>
        <dt className="font-semibold">Activation code</dt>
        <dd className="font-mono text-2xl font-bold tracking-widest">{code}</dd>
        <dt className="font-semibold">Valid until</dt>
        <dd>{EXPIRY_FORMAT.format(expiry)}</dd>
      </dl>
      <h2 className="mt-8 text-xl font-bold">How to register</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-6 text-lg">
        <li>Open {login}.</li>
        <li>Choose &ldquo;Don&apos;t have an account? Register&rdquo;.</li>
        <li>Choose a username and a password of at least 12 characters.</li>
        <li>
          Choose the role &ldquo;{role}&rdquo;, type your ID ({MESSAGES.idPlaceholder}) {id} and the
          activation code above, then press Register.
        </li>
        <li>Log in with your username and password.</li>
      </ol>
      <p className="mt-6">
        The code works once. If it has expired or does not work, ask the hospital for a new one.
        Keep this sheet private: with the code, someone else could register in your name.
      </p>
    </section>,
    document.body,
  );
}

type CopyState = { code: string; outcome: 'copied' | 'failed' } | null;

/**
 * The success notice of a newly created patient or employee: the activation code to hand over,
 * a copy button, when it expires and what the person does with it; with `handout`, a one-page
 * sheet to print for them, and with `onDismiss`, a way to put the notice away.
 */
export function ActivationCodeNotice({
  code,
  expiresAt,
  personLabel,
  title,
  ref,
  handout,
  onDismiss,
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
        {handout && (
          <Button variant="secondary" onClick={() => window.print()}>
            Print handout
          </Button>
        )}
        {onDismiss && (
          <Button variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
      {outcome === 'failed' && (
        <p className="font-semibold">Could not copy: select the code and copy it by hand.</p>
      )}
      <p>
        Give this code to {personLabel}: they register at {ROUTES.login} with their ID and this
        code. It works once and expires on{' '}
        <time dateTime={expiry.toISOString()}>{EXPIRY_FORMAT.format(expiry)}</time>.
      </p>
      {handout && <ActivationHandout {...handout} code={shown} expiry={expiry} />}
    </Notice>
  );
}
