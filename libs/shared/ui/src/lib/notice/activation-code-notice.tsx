import { formatActivationCode, ID_PLACEHOLDER_MESSAGE, localDay, ROUTES } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { useState, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../button/button';
import { useLaterTexts } from '../i18n/use-later-texts';
import { Msg, useFormat, useT } from '../i18n/use-t';
import { Notice } from './notice';

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
}: NonNullable<ActivationCodeNoticeProps['handout']> & { code: string; expiry: string }) {
  const t = useT();
  const login = `${window.location.origin}${ROUTES.login}`;
  return createPortal(
    <section data-print-handout="" className="p-8 text-black">
      <p className="text-sm font-semibold tracking-wide uppercase">
        {t('common.brand.hospitalName')}
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t('common.activationCode.handoutTitle')}</h1>
      <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-lg">
        <dt className="font-semibold">{t('common.activationCode.handoutName')}</dt>
        <dd>{name}</dd>
        <dt className="font-semibold">{t('common.activationCode.handoutId')}</dt>
        <dd className="font-mono">{id}</dd>
        <dt className="font-semibold">{t('common.activationCode.handoutCode')}</dt>
        <dd className="font-mono text-2xl font-bold tracking-widest">{code}</dd>
        <dt className="font-semibold">{t('common.activationCode.handoutValidUntil')}</dt>
        <dd>{expiry}</dd>
      </dl>
      <h2 className="mt-8 text-xl font-bold">{t('common.activationCode.handoutHowTo')}</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-6 text-lg">
        <li>{t('common.activationCode.handoutStepOpen', { url: login })}</li>
        <li>{t('common.activationCode.handoutStepRegister')}</li>
        <li>{t('common.activationCode.handoutStepCredentials')}</li>
        <li>
          {t('common.activationCode.handoutStepRole', {
            role: translateEnglish(role),
            idFormat: translateEnglish(ID_PLACEHOLDER_MESSAGE),
            id,
          })}
        </li>
        <li>{t('common.activationCode.handoutStepLogin')}</li>
      </ol>
      <p className="mt-6">{t('common.activationCode.handoutPrivacy')}</p>
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
  const t = useT();
  // Its words come once the page is shown (the `later` pack; an add page waits for them
  // before it shows a success): nothing until they are there.
  const textsLoaded = useLaterTexts();
  const format = useFormat();
  const shown = formatActivationCode(code);
  const expiry = new Date(expiresAt);
  // The day in the browser's time zone (YYYY-MM-DD), as the language shown writes it.
  const expiryDay = format.day(localDay(expiry));
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

  if (!textsLoaded) return null;
  return (
    <Notice
      ref={ref}
      tone="success"
      title={title ?? t('common.activationCode.title', { person: personLabel })}
    >
      <div className="flex flex-wrap items-center gap-3 py-1">
        <p className="font-mono text-2xl font-bold tracking-widest break-all text-ink select-all sm:text-3xl">
          {shown}
        </p>
        <Button variant="secondary" onClick={() => void copyCode()}>
          {outcome === 'copied'
            ? t('common.activationCode.copied')
            : t('common.activationCode.copy')}
        </Button>
        {handout && (
          <Button variant="secondary" onClick={() => window.print()}>
            {t('common.activationCode.printHandout')}
          </Button>
        )}
        {onDismiss && (
          <Button variant="ghost" onClick={onDismiss}>
            {t('common.activationCode.dismiss')}
          </Button>
        )}
      </div>
      {outcome === 'failed' && (
        <p className="font-semibold">{t('common.activationCode.copyFailed')}</p>
      )}
      <p>
        <Msg
          id="common.activationCode.instructions"
          values={{ person: personLabel, loginPath: ROUTES.login, expiry: expiryDay }}
          components={{ 0: <time dateTime={expiry.toISOString()} /> }}
        />
      </p>
      {handout && <ActivationHandout {...handout} code={shown} expiry={expiryDay} />}
    </Notice>
  );
}
