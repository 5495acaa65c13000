import { useState } from 'react';
import { createPortal } from 'react-dom';
import { localDayTime } from '@portal/contract';
import { chosenCalendar, currentLocale, formatDayTime, t as translate } from '@portal/i18n';
import { Button, buttonClasses, useFormat, useT } from '@portal/ui';

/** The name of the downloaded file of recovery codes. */
export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/**
 * The text file of recovery codes: who, when, how to use them, then one code a line, in the
 * language shown when it is made.
 */
export function recoveryCodesText(
  codes: readonly string[],
  username: string | undefined,
  at: Date,
) {
  const created = formatDayTime(localDayTime(at), currentLocale(), chosenCalendar());
  return [
    translate('common.twoStep.fileTitle', { hospital: translate('common.brand.hospitalName') }),
    ...(username ? [translate('common.twoStep.account', { username })] : []),
    translate('common.twoStep.created', { at: created }),
    '',
    translate('common.twoStep.howToUse'),
    translate('common.twoStep.replaced'),
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The sheet printed for the person: the hospital, the account, the codes and how to use them.
 * A child of <body>, hidden on screen; while it is there, printing prints the sheet alone (the
 * `data-print-handout` rules in styles.css, as the activation code's handout).
 */
function RecoveryCodesSheet({
  codes,
  username,
  at,
}: {
  codes: readonly string[];
  username: string | undefined;
  at: Date;
}) {
  const t = useT();
  const format = useFormat();
  return createPortal(
    <section data-print-handout="" className="p-8 text-black">
      <p className="text-sm font-semibold tracking-wide uppercase">
        {t('common.brand.hospitalName')}
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t('common.twoStep.sheetTitle')}</h1>
      {username && <p className="mt-2 text-lg">{t('common.twoStep.account', { username })}</p>}
      <p className="text-lg">
        {t('common.twoStep.created', { at: format.dayTime(localDayTime(at)) })}
      </p>
      <ul className="mt-6 grid grid-cols-2 gap-3 font-mono text-xl">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p className="mt-6">{t('common.twoStep.howToUse')}</p>
    </section>,
    document.body,
  );
}

/**
 * The ten recovery codes, shown once, with a way to print them on a sheet of their own and to
 * download them as a text file; the button (Continue at a login, Done elsewhere) goes on.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
  username,
  intro,
}: {
  codes: readonly string[];
  onDone: () => Promise<void>;
  doneLabel: string;
  /** Whose codes, for the sheet and the file. */
  username?: string;
  /** What is said above the codes (that it is on, and to keep them safe, by default). */
  intro?: string;
}) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  // When they were made, for the sheet and the file (once: the codes do not change).
  const [at] = useState(() => new Date());
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesText(codes, username, at))}`;
  return (
    <section aria-labelledby="recovery-heading" className="mt-4 flex flex-col gap-4">
      <h2 id="recovery-heading" className="text-lg font-semibold text-ink">
        {t('common.twoStep.recoveryHeading')}
      </h2>
      <p className="text-sm text-ink">{intro ?? t('common.twoStep.recoveryIntro')}</p>
      <ul
        aria-label={t('common.twoStep.recoveryCodes')}
        className="grid grid-cols-2 gap-2 font-mono text-base text-ink"
      >
        {codes.map((code) => (
          <li key={code} className="rounded border border-line bg-canvas px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={() => window.print()}>
          {t('common.twoStep.print')}
        </Button>
        <a className={buttonClasses('secondary')} href={file} download={RECOVERY_CODES_FILE}>
          {t('common.twoStep.download')}
        </a>
      </div>
      <Button
        type="button"
        busy={busy}
        onClick={() => {
          setBusy(true);
          void onDone().finally(() => setBusy(false));
        }}
      >
        {doneLabel}
      </Button>
      <RecoveryCodesSheet codes={codes} username={username} at={at} />
    </section>
  );
}
