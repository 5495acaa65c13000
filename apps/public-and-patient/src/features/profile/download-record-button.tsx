import { useState } from 'react';
import { downloadRecordBundle } from '@portal/api-client';
import { Button } from '@portal/ui';

/** What the button says when the record could not be fetched. */
export const DOWNLOAD_FAILED_MESSAGE = 'Could not download your record. Please try again.';

/** Saves a file the browser holds, under a name, as a download. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * MyInfo's "Download my record": the patient's whole record as a FHIR R4 Bundle
 * (`Patient/{id}/$everything`), saved as a JSON file another health app can read.
 */
export function DownloadRecordButton({ patientId }: { patientId: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveFile(await downloadRecordBundle(patientId), `my-record-${patientId}.json`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        Download my record
      </Button>
      {failed && (
        <p role="alert" className="text-sm font-medium text-danger-800">
          {DOWNLOAD_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}
