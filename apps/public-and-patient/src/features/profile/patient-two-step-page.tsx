import { useState } from 'react';
import { ROUTES } from '@portal/contract';
import { Card, Notice, PageHeading, PortalLink } from '@portal/ui';
import { MfaEnrolmentStep } from '../login/mfa-enrolment-step';
import { PATIENT_ENROLMENT_INTRO } from '../login/mfa-texts';

/** The page's heading. */
export const TWO_STEP_HEADING = 'Two-step verification';
/** Said once the second factor is on. */
export const TWO_STEP_ON =
  'Two-step verification is on. From your next login, enter the code from your app after your password.';

/**
 * Two-step verification for a patient (/patient-profile/two-step, linked from MyInfo): the
 * patient may turn a second factor on for themselves; it is never forced on patients (issue 17).
 * The same set-up as staff get at login: the QR code and the key, the first code, then the ten
 * recovery codes, shown once. Turning it off again is the administrator's reset (docs).
 */
export function PatientTwoStepPage() {
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <PageHeading description="A code from your phone as well as your password.">
        {TWO_STEP_HEADING}
      </PageHeading>
      {message && <Notice tone="error">{message}</Notice>}
      {done ? (
        <Notice tone="success">{TWO_STEP_ON}</Notice>
      ) : (
        <Card>
          <MfaEnrolmentStep
            intro={PATIENT_ENROLMENT_INTRO}
            doneLabel="Done"
            onMessage={setMessage}
            onDone={() => {
              setDone(true);
              return Promise.resolve();
            }}
          />
        </Card>
      )}
      <p>
        <PortalLink to={ROUTES.patientProfile} className="font-semibold text-brand-800 underline">
          Back to MyInfo
        </PortalLink>
      </p>
    </div>
  );
}
