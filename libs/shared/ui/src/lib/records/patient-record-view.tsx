import { type ReactNode, useId } from 'react';
import { MESSAGES, type PatientRecord } from '@portal/contract';
import { diseaseName, drugName } from '@portal/reference-data';
import { capitalised, DetailList, shownValue as shown } from './detail-list';

/** The latest appointment as date plus time, or the spec's 'No appointment'. */
export function appointmentText(appointment: PatientRecord['patient_appointment']): string {
  if (!appointment.date) return MESSAGES.noAppointment;
  const time = appointment.time.slice(0, 5);
  return appointment.topic
    ? `${appointment.date} ${time} — ${appointment.topic}`
    : `${appointment.date} ${time}`;
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
                  <span className="font-mono font-semibold">{drug_id}</span>{' '}
                  {drugName(drug_id) ?? ''}
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
                  <span className="font-mono font-semibold">{disease_id}</span>{' '}
                  {diseaseName(disease_id) ?? ''}
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
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-line">
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Date &amp; Time
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Details
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {record.medical_history.map((entry, index) => (
                    <tr
                      key={`${entry.date}-${entry.time}-${index}`}
                      className="border-b border-line last:border-0"
                    >
                      <td className="py-2 pr-4 whitespace-nowrap">
                        {entry.date} {entry.time}
                      </td>
                      <td className="py-2">{shown(entry.details)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-muted">{MESSAGES.noMedicalHistory}</p>
          )}
        </Section>
      </div>
    </div>
  );
}
