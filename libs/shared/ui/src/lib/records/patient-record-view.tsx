import { type ReactNode, useId } from 'react';
import { APPOINTMENT_STATUS_LABELS, MESSAGES, type PatientRecord } from '@portal/contract';
import { diseaseName, drugName } from '@portal/reference-data';
import { clinicianName } from './appointment-table';
import { CatalogueName } from './catalogue-name';
import { capitalised, DetailList, shownValue as shown } from './detail-list';
import { RecordTable, type RecordTableColumn } from './record-table';

const HISTORY_COLUMNS: readonly RecordTableColumn<PatientRecord['medical_history'][number]>[] = [
  { header: 'Date & Time', cell: (entry) => `${entry.date} ${entry.time}`, nowrap: true },
  { header: 'Details', cell: (entry) => shown(entry.details) },
];

/**
 * The latest appointment (the API's choice: the next booked one, else the most recent past one)
 * as date plus time, its topic, the clinician's name and, when it is no longer booked, its
 * status; or the spec's 'No appointment'.
 */
export function appointmentText(appointment: PatientRecord['patient_appointment']): string {
  if (!appointment.date) return MESSAGES.noAppointment;
  const time = appointment.time.slice(0, 5);
  let text = appointment.topic
    ? `${appointment.date} ${time} — ${appointment.topic}`
    : `${appointment.date} ${time}`;
  if (appointment.clinician) text += ` · with ${clinicianName(appointment.clinician)}`;
  if (appointment.status && appointment.status !== 'booked')
    text += ` (${APPOINTMENT_STATUS_LABELS[appointment.status]})`;
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

/** A patient's whole record: details, latest appointment, allergies, chronic diseases, history. */
export function PatientRecordView({ record }: { record: PatientRecord }) {
  const p = record.patient;
  const details: [string, string][] = [
    ['Patient ID', shown(p.patient_id)],
    ['First Name', shown(p.first_name)],
    ['Last Name', shown(p.last_name)],
    ['Age', shown(p.age)],
    ['Gender', shown(capitalised(p.gender))],
    ['Date of Birth', shown(p.date_of_birth)],
    ['Blood Type', shown(p.blood_type)],
    ['Health Insurance', shown(capitalised(p.health_insurance))],
    ['ID card number', shown(p.id_card_number)],
    ['Ongoing treatment', shown(p.ongoing_treatment)],
    ['Latest Appointment', appointmentText(record.patient_appointment)],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Personal details">
        <DetailList items={details} />
      </Section>
      <div className="flex flex-col gap-4">
        <Section title="Drug allergies">
          {record.patient_drug_allergy.length ? (
            <ul className="flex flex-col gap-1">
              {record.patient_drug_allergy.map(({ drug_id }) => (
                <li key={drug_id}>
                  <CatalogueName name={drugName(drug_id)} code={drug_id} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">{MESSAGES.noDrugAllergies}</p>
          )}
        </Section>
        <Section title="Chronic diseases">
          {record.patient_chronic_disease.length ? (
            <ul className="flex flex-col gap-1">
              {record.patient_chronic_disease.map(({ disease_id }) => (
                <li key={disease_id}>
                  <CatalogueName name={diseaseName(disease_id)} code={disease_id} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">{MESSAGES.noChronicDiseases}</p>
          )}
        </Section>
      </div>
      <div className="lg:col-span-2">
        <Section title="Medical history">
          {record.medical_history.length ? (
            <RecordTable
              columns={HISTORY_COLUMNS}
              rows={record.medical_history}
              rowKey={(entry, index) => `${entry.date}-${entry.time}-${index}`}
            />
          ) : (
            <p className="text-muted">{MESSAGES.noMedicalHistory}</p>
          )}
        </Section>
      </div>
    </div>
  );
}
