import { lazy, Suspense } from 'react';
import {
  LOADING_PROFILE_MESSAGE,
  PATIENT_LOAD_FAILED_MESSAGE,
  PROFILE_LOAD_FAILED_MESSAGE,
  ROUTES,
} from '@portal/contract';
import { requirePack, translateEnglish } from '@portal/i18n';
import type { Pack } from '@portal/i18n';
import { usePatient, useProfile } from '@portal/api-client';
import { useAuth } from '@portal/auth';
import {
  ErrorState,
  LoadingState,
  Notice,
  PageHeading,
  PatientRecordView,
  PortalLink,
  useIdle,
  useT,
} from '@portal/ui';
import { ContactDetails } from './contact-details';
import { DownloadRecord } from './download-record';
import { MyLists } from './my-lists';
import { UpcomingAppointments } from './upcoming-appointments';
import myInfoPageTexts from '@portal/i18n/packs/page-my-info';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [myInfoPageTexts];

// The current medications load with their texts (the prescription's words) once the record
// shows: MyInfo's first visit does not carry them.
const MyMedications = lazy(() =>
  import('./my-medications').then(async (m) => {
    await requirePack(m.MY_MEDICATIONS_TEXTS);
    return { default: m.MyMedications };
  }),
);

/**
 * 'MyInfo': the signed-in patient's own record. The patient id comes from /profile, then the
 * record from /patient/{id}; the server refuses anyone else's. Beyond the spec: a
 * greeting, the upcoming appointments below the spec's fields, and a link to
 * "Who opened my record", a page of its own so that MyInfo's first visit stays light.
 */
export function PatientProfilePage() {
  const t = useT();
  // The two reads start once the page has been painted: their first call fetches the API layer
  // (axios, zod: ~45 KB), and the heading and Help Desk notice should not wait for it, nor for
  // its evaluation (MyInfo's largest paint). 'Loading profile...' shows meanwhile.
  const shown = useIdle();
  const profile = useProfile({ enabled: shown });
  // The record is asked for at once with the id the session's token names, beside /profile
  // rather than after it (one round trip less before the record shows); what is
  // shown still waits for /profile, and should it name another id, that record is read.
  const hintedId = useAuth().claims?.patient_id ?? '';
  const patientId = profile.data?.patient_id ?? (profile.isPending ? hintedId : '');
  const record = usePatient(patientId, { enabled: shown && Boolean(patientId) });

  let body;
  const loading = <LoadingState label={translateEnglish(LOADING_PROFILE_MESSAGE)} />;
  const failed = (message: string) => (
    <ErrorState>{t('public.myInfo.error', { message: translateEnglish(message) })}</ErrorState>
  );
  if (profile.isPending) body = loading;
  else if (profile.isError || !patientId) body = failed(PROFILE_LOAD_FAILED_MESSAGE);
  else if (record.isPending) body = loading;
  else if (record.isError) body = failed(PATIENT_LOAD_FAILED_MESSAGE);
  else
    body = (
      <>
        <p className="text-xl font-semibold text-brand-800">
          {t('public.myInfo.greeting', { firstName: record.data.patient.first_name })}
        </p>
        <PatientRecordView record={record.data} reader="patient" />
        <MyLists patientId={record.data.patient.patient_id} />
        <Suspense fallback={null}>
          <MyMedications />
        </Suspense>
        <UpcomingAppointments />
        <ContactDetails contact={record.data.patient} />
        <p>
          <PortalLink
            to={ROUTES.bookAppointment}
            className="font-semibold text-brand-800 underline"
          >
            {t('public.myInfo.bookLink')}
          </PortalLink>
        </p>
        <p>
          <PortalLink
            to={ROUTES.patientAccessLog}
            className="font-semibold text-brand-800 underline"
          >
            {t('public.myInfo.accessLogLink')}
          </PortalLink>
        </p>
        <p>
          <PortalLink to={ROUTES.account} className="font-semibold text-brand-800 underline">
            {t('public.myInfo.accountLink')}
          </PortalLink>
        </p>
        <DownloadRecord patientId={patientId} />
      </>
    );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <PageHeading>{t('public.myInfo.title')}</PageHeading>
      {/* Above the record, shown at once: the page's largest text is on the screen before the
          record is read (its Largest Contentful Paint no longer waits for two API answers), and
          the record arriving below it moves nothing (below the record it had to wait
          for it, or be pushed down, CLS 0.23). */}
      <Notice tone="info" title={t('public.myInfo.helpDesk.title')}>
        {t('public.myInfo.helpDesk.text')}
      </Notice>
      {body}
    </div>
  );
}
