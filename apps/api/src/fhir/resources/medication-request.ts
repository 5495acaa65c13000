import { sql } from 'drizzle-orm';
import type { Dosage, MedicationRequest } from '@medplum/fhirtypes';
import {
  DOSE_UNITS,
  type DoseUnit,
  MEDICATION_FREQUENCIES,
  MEDICATION_ROUTES,
  type MedicationFrequency,
  type MedicationRoute,
  type MedicationStatus,
} from '@portal/contract';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { catalogueEntry } from '../../catalogues';
import { instantText, staffJson } from '../../repositories/appointments';
import {
  idPagedRows,
  patientReference,
  practitionerReference,
  type RowKey,
  type RowWindow,
} from './common';

/** The extension a prescription's override reason travels in (read on a create too). */
export const OVERRIDE_REASON_EXTENSION =
  'https://riverside-general.example/fhir/StructureDefinition/override-reason';

/** The portal's own code system of a prescription's frequency (Timing.code). */
export const FREQUENCY_SYSTEM =
  'https://riverside-general.example/fhir/CodeSystem/medication-frequency';

const UCUM = 'http://unitsofmeasure.org';

/** A prescription as {@link medicationRequestRowsQuery} selects it. */
export interface MedicationRequestRow {
  readonly k: RowKey;
  readonly medication_id: string;
  readonly patient_id: string;
  readonly drug_code: string;
  readonly dose: number;
  readonly unit: DoseUnit;
  readonly route: MedicationRoute;
  readonly frequency: MedicationFrequency;
  readonly duration_days: number;
  readonly quantity: number;
  readonly instructions: string;
  readonly override_reason: string | null;
  readonly status: MedicationStatus;
  readonly stop_reason: string | null;
  readonly stopped_at: string | null;
  readonly prescribed_by: {
    readonly employee_id: string;
    readonly first_name: string;
    readonly last_name: string;
  } | null;
  readonly created_at: string;
  readonly ends_at: string;
}

const medicationColumns = sql`t.medication_id::text as medication_id, p.patient_id, t.drug_code,
  t.dose::float8 as dose, t.unit, t.route, t.frequency, t.duration_days::int as duration_days,
  t.quantity::float8 as quantity, t.instructions, t.override_reason,
  case when t.status = 'stopped' then 'stopped' when t.ends_at <= now() then 'completed'
    else 'active' end as status,
  t.stop_reason, ${instantText(sql`t.stopped_at`)} as stopped_at,
  ${staffJson(sql`t.prescribed_by`)} as prescribed_by,
  ${instantText(sql`t.created_at`)} as created_at, ${instantText(sql`t.ends_at`)} as ends_at`;

/** One keyset page of prescriptions (keyset: the row id); `where` on medication_request's columns. */
export function medicationRequestRowsQuery(window: RowWindow) {
  return idPagedRows(
    sql`medication_request`,
    medicationColumns,
    window,
    sql`join patient p on p.id = t.patient_id`,
  );
}

/** How often, as FHIR's Timing: the portal's code, and the repeat it stands for. */
function timingOf(frequency: MedicationFrequency, start: string, end: string): Dosage['timing'] {
  const repeat = MEDICATION_FREQUENCIES[frequency];
  const text = frequency.replace(/_/g, ' ');
  return {
    code: { coding: [{ system: FREQUENCY_SYSTEM, code: frequency, display: text }], text },
    repeat: {
      boundsPeriod: { start, end },
      ...(frequency === 'once' ? { count: 1 } : {}),
      ...(repeat && frequency !== 'once'
        ? { frequency: repeat.times, period: repeat.period, periodUnit: repeat.unit }
        : {}),
      ...(frequency === 'at_bedtime' ? { when: ['HS'] } : {}),
    },
  };
}

/** A dose or an amount of a unit, as a Quantity coded in UCUM. */
const quantityOf = (value: number, unit: DoseUnit) => ({
  value,
  unit,
  system: UCUM,
  code: DOSE_UNITS[unit],
});

/**
 * A prescription as a MedicationRequest (an order): the drug coded in RxNorm (and its ATC
 * codes), the patient, the prescriber and when; the dose, route, frequency and what the patient
 * reads as its dosage instruction; the quantity and the days it lasts as its dispense request;
 * stopped with its reason, or completed once its days are over; an override reason given past
 * an allergy or a duplicate therapy in an extension.
 */
export function toMedicationRequest(row: MedicationRequestRow): MedicationRequest {
  const entry = catalogueEntry(row.drug_code);
  const name = entry?.name ?? row.drug_code;
  const route = MEDICATION_ROUTES[row.route];
  return {
    resourceType: 'MedicationRequest',
    id: row.medication_id,
    meta: { lastUpdated: row.stopped_at ?? row.created_at },
    ...(row.override_reason
      ? { extension: [{ url: OVERRIDE_REASON_EXTENSION, valueString: row.override_reason }] }
      : {}),
    identifier: [{ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${row.medication_id}` }],
    status: row.status,
    ...(row.status === 'stopped' && row.stop_reason
      ? { statusReason: { text: row.stop_reason } }
      : {}),
    intent: 'order',
    medicationCodeableConcept: {
      coding: (entry?.codes ?? []).map((c) => ({
        system: c.system,
        code: c.code,
        display: c.display,
      })),
      text: name,
    },
    subject: patientReference(row.patient_id),
    authoredOn: row.created_at,
    ...(row.prescribed_by
      ? {
          requester: practitionerReference(
            row.prescribed_by.employee_id,
            row.prescribed_by.first_name,
            row.prescribed_by.last_name,
          ),
        }
      : {}),
    dosageInstruction: [
      {
        text: `${row.dose} ${row.unit} ${route.display.toLowerCase()}, ${row.frequency.replace(/_/g, ' ')}, for ${row.duration_days} days`,
        patientInstruction: row.instructions,
        timing: timingOf(row.frequency, row.created_at, row.ends_at),
        ...(row.frequency === 'as_needed' ? { asNeededBoolean: true } : {}),
        route: {
          coding: [{ system: CODE_SYSTEMS.snomed, code: route.code, display: route.display }],
          text: route.display,
        },
        doseAndRate: [{ doseQuantity: quantityOf(row.dose, row.unit) }],
      },
    ],
    dispenseRequest: {
      validityPeriod: { start: row.created_at, end: row.ends_at },
      // How many of what is dispensed (the prescription's quantity has no unit of its own).
      quantity: { value: row.quantity },
      expectedSupplyDuration: { value: row.duration_days, unit: 'days', system: UCUM, code: 'd' },
    },
  };
}
