import type { Encounter, Reference } from '@medplum/fhirtypes';
import { addMinutes, instantOf, patientReference, practitionerReference } from './common';
import type { AppointmentRow } from './appointment';

/*
 * The visit as an Encounter: one per appointment, read from the same rows as Appointment
 * (appointmentRowsQuery), so it has the same keyset, compartment and indexes. The portal keeps
 * no arrival or departure times: the period is the appointment's booked time.
 */

/** The encounter an appointment is: its id is the appointment's own (stable, one per visit). */
export const encounterReference = (appointmentId: string): Reference<Encounter> => ({
  reference: `Encounter/${appointmentId}`,
});

/**
 * The appointment's status as the visit's: booked is a visit still to come (planned), fulfilled
 * (attended) one that took place (finished); a cancelled appointment and a no-show are visits
 * that did not happen (cancelled). Encounter search's `status` reads the same table.
 */
export const ENCOUNTER_STATUS: Readonly<Record<string, Encounter['status']>> = {
  booked: 'planned',
  fulfilled: 'finished',
  cancelled: 'cancelled',
  noshow: 'cancelled',
};

/** An outpatient visit: v3 ActCode AMB. */
const AMBULATORY = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  code: 'AMB',
  display: 'ambulatory',
};

/** The clinician's part in the visit: v3 ParticipationType ATND (attender). */
const ATTENDER = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
      code: 'ATND',
      display: 'attender',
    },
  ],
  text: 'attender',
};

/**
 * An appointment as the visit's Encounter: the appointment's id, class AMB, the status above,
 * the patient as subject, the named clinician as the attending participant, the booked start
 * and end as its period, the topic as its reason (text) and the Appointment it was booked as.
 * The cancellation reason and the staff's note stay on the Appointment (the note never leaves).
 */
export function toEncounter(row: AppointmentRow): Encounter {
  const start = instantOf(row.date, row.time);
  return {
    resourceType: 'Encounter',
    id: row.appointment_id,
    status: ENCOUNTER_STATUS[row.status] ?? 'planned',
    class: AMBULATORY,
    subject: patientReference(row.patient_id),
    ...(row.clinician_id
      ? {
          participant: [
            {
              type: [ATTENDER],
              individual: practitionerReference(
                row.clinician_id,
                row.clinician_first_name,
                row.clinician_last_name,
              ),
            },
          ],
        }
      : {}),
    appointment: [{ reference: `Appointment/${row.appointment_id}` }],
    period: { start, end: addMinutes(start, row.duration_minutes) },
    ...(row.topic ? { reasonCode: [{ text: row.topic }] } : {}),
  };
}
