import { MESSAGES } from '@portal/contract';
import { usePatient, useProfile } from '@portal/api-client';
import { ErrorState, LoadingState, Notice, PageHeading, PatientRecordView } from '@portal/ui';

/**
 * 'MyInfo': the signed-in patient's own record. The patient id comes from /profile, then the
 * record from /patient/{id} (spec §7); the server refuses anyone else's.
 */
export function PatientProfilePage() {
  const profile = useProfile();
  const patientId = profile.data?.patient_id ?? '';
  const record = usePatient(patientId, { enabled: Boolean(patientId) });

  let body;
  if (profile.isPending) body = <LoadingState label={MESSAGES.loadingProfile} />;
  else if (profile.isError || !patientId)
    body = <ErrorState>Error: {MESSAGES.profileLoadFailed}</ErrorState>;
  else if (record.isPending) body = <LoadingState label={MESSAGES.loadingProfile} />;
  else if (record.isError) body = <ErrorState>Error: {MESSAGES.patientLoadFailed}</ErrorState>;
  else body = <PatientRecordView record={record.data} />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <PageHeading>MyInfo</PageHeading>
      {body}
      <Notice tone="info" title="Help Desk">
        Something missing or wrong in your record? Call the Help Desk on 02 123 4567 (08:00–20:00),
        or ask at any reception desk.
      </Notice>
    </div>
  );
}
