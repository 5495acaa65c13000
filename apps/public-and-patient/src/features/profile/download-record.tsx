import { useState } from 'react';
import { fetchRecordBundle, fetchRecordPdf, isApiError } from '@portal/api-client';
import { translateEnglish } from '@portal/i18n';
import { Button, Notice, useLocale, useT } from '@portal/ui';

/** What came of the last download: the file's name, or the server's reason (if it gave one). */
type Outcome = { saved: true; fileName: string } | { saved: false; reason: string } | null;

/** Hands a file to the browser to save, under its name. */
function save(fileName: string, contents: Blob) {
  const url = URL.createObjectURL(contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; the address is freed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * MyInfo's "Download my record": the patient's whole record as a FHIR R4 Bundle file
 * (`Patient/{id}/$everything`), which another hospital's system or a health app can read, and
 * beside it a PDF summary to read or print in the chosen language. The outcome is said under
 * the buttons.
 */
export function DownloadRecord({ patientId }: { patientId: string }) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState<'fhir' | 'pdf' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const download = async (kind: 'fhir' | 'pdf') => {
    setBusy(kind);
    setOutcome(null);
    try {
      const file =
        kind === 'fhir'
          ? await fetchRecordBundle(patientId)
          : await fetchRecordPdf(patientId, locale);
      save(file.fileName, file.contents);
      setOutcome({ saved: true, fileName: file.fileName });
    } catch (error) {
      setOutcome({ saved: false, reason: isApiError(error) && error.detail ? error.detail : '' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="download-record" className="flex flex-col gap-3">
      <h2 id="download-record" className="text-lg font-semibold text-brand-800">
        {t('public.downloadRecord.heading')}
      </h2>
      <p className="text-muted">{t('public.downloadRecord.text')}</p>
      <div>
        <Button
          variant="secondary"
          busy={busy === 'fhir'}
          disabled={busy !== null}
          onClick={() => void download('fhir')}
        >
          {t('public.downloadRecord.button')}
        </Button>
      </div>
      <p className="text-muted">{t('public.downloadRecord.pdfText')}</p>
      <div>
        <Button
          variant="secondary"
          busy={busy === 'pdf'}
          disabled={busy !== null}
          onClick={() => void download('pdf')}
        >
          {t('public.downloadRecord.pdfButton')}
        </Button>
      </div>
      {outcome && (
        <Notice tone={outcome.saved ? 'success' : 'error'}>
          <p>
            {outcome.saved
              ? t('public.downloadRecord.saved', { fileName: outcome.fileName })
              : outcome.reason
                ? t('public.downloadRecord.failedBecause', {
                    reason: translateEnglish(outcome.reason),
                  })
                : t('public.downloadRecord.failed')}
          </p>
        </Notice>
      )}
    </section>
  );
}
