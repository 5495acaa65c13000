import { useState } from 'react';
import { fetchRecordBundle, isApiError } from '@portal/api-client';
import { Button, Notice } from '@portal/ui';

/** The button's text. */
export const DOWNLOAD_RECORD_LABEL = 'Download my record';
/** Said when the record could not be downloaded (the server's reason follows when it gave one). */
export const DOWNLOAD_RECORD_FAILED = 'Your record could not be downloaded.';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

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
 * (`Patient/{id}/$everything`), which another hospital's system or a health app can read. The
 * outcome is said beside the button.
 */
export function DownloadRecord({ patientId }: { patientId: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const download = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const file = await fetchRecordBundle(patientId);
      save(file.fileName, file.contents);
      setOutcome({ tone: 'success', text: `Your record was saved as ${file.fileName}.` });
    } catch (error) {
      const reason = isApiError(error) && error.detail ? ` ${error.detail}` : '';
      setOutcome({ tone: 'error', text: `${DOWNLOAD_RECORD_FAILED}${reason}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="download-record" className="flex flex-col gap-3">
      <h2 id="download-record" className="text-lg font-semibold text-brand-800">
        Take your record with you
      </h2>
      <p className="text-muted">
        A file in the FHIR format that other hospitals and health apps read: your details,
        allergies, diseases, appointments and history.
      </p>
      <div>
        <Button variant="secondary" busy={busy} onClick={() => void download()}>
          {DOWNLOAD_RECORD_LABEL}
        </Button>
      </div>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
    </section>
  );
}
