import { type ReactNode, useId } from 'react';
import {
  NO_APPOINTMENT_MESSAGE,
  NO_MEDICAL_HISTORY_MESSAGE,
  type PatientRecord,
} from '@portal/contract';
import { chosenCalendar, currentLocale, formatDay, t, translateEnglish } from '@portal/i18n';
import { useFormat, useT } from '../i18n/use-t';
import { appointmentStatusLabel, clinicianName } from './appointment-table';
import type { DrugNameReader } from '@portal/reference-data';
import { CatalogueList } from './catalogue-name';
import { capitalised, DetailList, shownValue as shown } from './detail-list';
import { RecordTable, type RecordTableColumn } from './record-table';

/**
 * The latest appointment (the API's choice: the next booked one, else the most recent past one)
 * as date plus time, its topic, the clinician's name and, when it is no longer booked, its
 * status; or the spec's 'No appointment'. In the language shown now: call it while rendering.
 */
export function appointmentText(appointment: PatientRecord['patient_appointment']): string {
  if (!appointment.date) return translateEnglish(NO_APPOINTMENT_MESSAGE);
  const day = formatDay(appointment.date, currentLocale(), chosenCalendar());
  const time = appointment.time.slice(0, 5);
  let text = appointment.topic ? `${day} ${time} — ${appointment.topic}` : `${day} ${time}`;
  if (appointment.clinician) {
    text += ` · ${t('common.records.withClinician', { clinician: clinicianName(appointment.clinician) })}`;
  }
  if (appointment.status && appointment.status !== 'booked')
    text += ` (${appointmentStatusLabel(appointment.status)})`;
  return text;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  // Unique per instance: a page may show several records (the search page's rows).
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5">
      <h2 id={id} className="text-lg font-semibold text-brand-800">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * A patient's whole record: details, latest appointment, allergies, chronic diseases, history.
 * `reader`: a clinician (drugs by their English generic name) or the patient (Thai beside it).
 */
export function PatientRecordView({
  record,
  reader,
}: {
  record: PatientRecord;
  reader: DrugNameReader;
}) {
  const t = useT();
  const format = useFormat();
  const p = record.patient;
  const details: [string, string][] = [
    [t('common.records.patientId'), shown(p.patient_id)],
    [t('common.records.firstName'), shown(p.first_name)],
    [t('common.records.lastName'), shown(p.last_name)],
    [t('common.records.age'), shown(p.age)],
    [t('common.records.gender'), shown(capitalised(p.gender))],
    [t('common.records.dateOfBirth'), shown(p.date_of_birth && format.day(p.date_of_birth))],
    [t('common.records.bloodType'), shown(p.blood_type)],
    [t('common.records.healthInsurance'), shown(capitalised(p.health_insurance))],
    [t('common.records.idCardNumber'), shown(p.id_card_number)],
    [t('common.records.ongoingTreatment'), shown(p.ongoing_treatment)],
    [t('common.records.latestAppointment'), appointmentText(record.patient_appointment)],
  ];
  const historyColumns: RecordTableColumn<PatientRecord['medical_history'][number]>[] = [
    {
      header: t('common.records.dateTime'),
      cell: (entry) => `${format.day(entry.date)} ${entry.time}`,
      nowrap: true,
    },
    { header: t('common.records.details'), cell: (entry) => shown(entry.details) },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title={t('common.records.personalDetails')}>
        <DetailList items={details} />
      </Section>
      <div className="flex flex-col gap-4">
        <Section title={t('common.records.drugAllergies')}>
          <CatalogueList
            catalogue="drug"
            reader={reader}
            codes={record.patient_drug_allergy.map(({ drug_id }) => drug_id)}
          />
        </Section>
        <Section title={t('common.records.chronicDiseases')}>
          <CatalogueList
            catalogue="disease"
            reader={reader}
            codes={record.patient_chronic_disease.map(({ disease_id }) => disease_id)}
          />
        </Section>
      </div>
      <div className="lg:col-span-2">
        <Section title={t('common.records.medicalHistory')}>
          {record.medical_history.length ? (
            <RecordTable
              columns={historyColumns}
              rows={record.medical_history}
              rowKey={(entry, index) => `${entry.date}-${entry.time}-${index}`}
            />
          ) : (
            <p className="text-muted">{translateEnglish(NO_MEDICAL_HISTORY_MESSAGE)}</p>
          )}
        </Section>
      </div>
    </div>
  );
}
