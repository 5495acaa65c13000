import { useId, useState } from 'react';
import {
  PATIENT_ID_PLACEHOLDER_MESSAGE,
  PATIENT_LOAD_FAILED_MESSAGE,
  patientChartPath,
  type PatientSummary,
  type SearchPatientRequest,
} from '@portal/contract';
import { usePatient, usePatientSummaryList, usePatientSummarySearch } from '@portal/api-client';
import { translateEnglish } from '@portal/i18n';
import type { Pack } from '@portal/i18n';
import { RecordSearch } from '@portal/shell';
import {
  Button,
  ErrorState,
  LoadingState,
  Msg,
  PatientRecordView,
  PortalLink,
  useFormat,
  useT,
} from '@portal/ui';
import searchPatientPageTexts from '@portal/i18n/packs/page-search-patient';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [searchPatientPageTexts];

/** The search form's rules, loaded after the first paint (see usePortalForm). */
const searchSchema = () =>
  import('@portal/contract/schemas').then((c) => c.searchPatientRequestSchema);

const NO_CRITERIA: SearchPatientRequest = { patient_id: '', first_name: '', last_name: '' };

/** The whole record, fetched when it is opened (the access log records that as a view). */
function FullRecord({ patientId }: { patientId: string }) {
  const record = usePatient(patientId);
  const t = useT();
  if (record.isPending) return <LoadingState label={t('clinical.search.loadingRecord')} />;
  if (record.isError)
    return (
      <ErrorState>
        {t('clinical.search.loadFailed', {
          message: translateEnglish(PATIENT_LOAD_FAILED_MESSAGE),
        })}
      </ErrorState>
    );
  return <PatientRecordView record={record.data} reader="clinician" />;
}

/**
 * One patient in the list: the summary the list sends (name, id, age, gender, date of birth,
 * whether there are drug allergies), and the whole record on demand.
 */
function PatientRow({ patient: p }: { patient: PatientSummary }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const t = useT();
  const format = useFormat();
  const gender = p.gender === 'male' ? t('clinical.patient.male') : t('clinical.patient.female');
  return (
    <article className="rounded-xl border border-line bg-surface">
      <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-ink">
            <PortalLink
              to={patientChartPath(p.patient_id)}
              className="text-brand-800 underline underline-offset-2"
            >
              {p.first_name} {p.last_name}
            </PortalLink>{' '}
            <span className="font-mono text-sm text-muted">{p.patient_id}</span>
            {p.has_drug_allergies && (
              <span className="ml-2 inline-block rounded-full border border-danger-700 bg-danger-50 px-2 text-xs font-bold whitespace-nowrap text-danger-800">
                {t('clinical.search.drugAllergies')}
              </span>
            )}
          </p>
          <p className="text-sm text-muted">
            <Msg
              id="clinical.search.born"
              values={{ age: p.age, gender, dateOfBirth: format.day(p.date_of_birth) }}
              components={{ 0: <span className="whitespace-nowrap" /> }}
            />
          </p>
        </div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {/* The space sits outside the hidden span, so the name never runs together. */}
          {open ? t('clinical.search.hideRecord') : t('clinical.search.showRecord')}{' '}
          <span className="sr-only">
            {t('clinical.search.recordOf', { name: `${p.first_name} ${p.last_name}` })}
          </span>
        </Button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-line p-4">
        {open && <FullRecord patientId={p.patient_id} />}
      </div>
    </article>
  );
}

/**
 * Patient Information: the full list loads on open, a page at a time; a search by id, first
 * or last name replaces it when it finds anyone. Both ask for summaries (`?view=summary`); a
 * row's whole record is fetched when it is opened, or in the chart its name links to.
 */
export function SearchPatientPage() {
  const list = usePatientSummaryList();
  const t = useT();
  // The search fields, in order: the id (matched by its start), then the names.
  const fields = [
    {
      name: 'patient_id',
      label: t('clinical.patient.patientId'),
      placeholder: translateEnglish(PATIENT_ID_PLACEHOLDER_MESSAGE),
    },
    { name: 'first_name', label: t('clinical.patient.firstName') },
    { name: 'last_name', label: t('clinical.patient.lastName') },
  ] as const;
  return (
    <RecordSearch
      title={t('clinical.search.title')}
      noun={{ one: t('clinical.search.nounOne'), many: t('clinical.search.nounMany') }}
      list={list}
      useSearch={usePatientSummarySearch}
      schema={searchSchema}
      fields={fields}
      emptyCriteria={NO_CRITERIA}
      loadFailedMessage={translateEnglish(PATIENT_LOAD_FAILED_MESSAGE)}
      itemKey={(patient) => patient.patient_id}
      renderItem={(patient) => <PatientRow patient={patient} />}
    />
  );
}
