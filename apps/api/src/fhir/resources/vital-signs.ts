import { type SQL, sql } from 'drizzle-orm';
import type { Observation, ObservationComponent, Quantity } from '@medplum/fhirtypes';
import {
  bodyMassIndex,
  type FlaggedVital,
  VITAL_LIMITS,
  VITAL_REFERENCE_RANGES,
  VITAL_UNIT_TEXT,
  vitalFlags,
} from '@portal/contract';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { instantText } from '../../repositories/appointments';
import {
  concept,
  patientReference,
  practitionerReference,
  type RowKey,
  type RowWindow,
} from './common';
import { type PatientRow, toBloodTypeObservation } from './patient';

/*
 * Every Observation the server offers, from two tables: the blood group (one per patient with
 * one, from patient.blood_type) and the vital signs (one per measurement of a set, from
 * vital_signs, in FHIR's vital-signs profiles). Their rows come as one table with the same
 * columns, so one search, one keyset and one compartment serve both.
 */

/** One kind of vital-signs Observation: its place in a set's keys, LOINC code and profile. */
interface VitalKind {
  readonly slot: number;
  readonly kind: string;
  readonly code: string;
  readonly display: string;
  readonly profile: string;
  /** The measurement it carries (blood pressure: its components instead). */
  readonly field?: FlaggedVital;
}

/** The kinds, in the order of a set's keys (slot 0 is a patient's blood group). */
export const VITAL_KINDS: readonly VitalKind[] = [
  {
    slot: 1,
    kind: 'bp',
    code: '85354-9',
    display: 'Blood pressure panel with all children optional',
    profile: 'bp',
  },
  {
    slot: 2,
    kind: 'pulse',
    code: '8867-4',
    display: 'Heart rate',
    profile: 'heartrate',
    field: 'pulse',
  },
  {
    slot: 3,
    kind: 'resp',
    code: '9279-1',
    display: 'Respiratory rate',
    profile: 'resprate',
    field: 'respiratory_rate',
  },
  {
    slot: 4,
    kind: 'temp',
    code: '8310-5',
    display: 'Body temperature',
    profile: 'bodytemp',
    field: 'temperature_c',
  },
  {
    slot: 5,
    kind: 'spo2',
    code: '59408-5',
    display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
    profile: 'oxygensat',
    field: 'spo2',
  },
  {
    slot: 6,
    kind: 'weight',
    code: '29463-7',
    display: 'Body weight',
    profile: 'bodyweight',
    field: 'weight_kg',
  },
  {
    slot: 7,
    kind: 'height',
    code: '8302-2',
    display: 'Body height',
    profile: 'bodyheight',
    field: 'height_cm',
  },
  {
    slot: 8,
    kind: 'bmi',
    code: '39156-5',
    display: 'Body mass index (BMI) [Ratio]',
    profile: 'bmi',
    field: 'bmi',
  },
];

/** The blood pressure panel's components. */
const BP_COMPONENTS = [
  { field: 'systolic', code: '8480-6', display: 'Systolic blood pressure' },
  { field: 'diastolic', code: '8462-4', display: 'Diastolic blood pressure' },
] as const;

/** The LOINC code of the blood group Observation. */
export const BLOOD_GROUP_CODE = '883-9';

/** A set's keys: 16 per row, one slot per kind (the blood group's key is its patient's row). */
const SPAN = 16;

/** An Observation row as {@link observationRowsQuery} selects it. */
export interface ObservationRow extends Omit<PatientRow, 'patient_id'> {
  readonly k: RowKey;
  readonly kind: string;
  readonly patient_ref: string;
  readonly vital_id: string | null;
  readonly taken_at: string | null;
  readonly recorded_at: string | null;
  readonly systolic: number | null;
  readonly diastolic: number | null;
  readonly pulse: number | null;
  readonly respiratory_rate: number | null;
  readonly temperature_c: number | null;
  readonly spo2: number | null;
  readonly weight_kg: number | null;
  readonly height_cm: number | null;
  readonly performer_id: string | null;
  readonly performer_first_name: string | null;
  readonly performer_last_name: string | null;
}

/** Whether a set holds what a kind carries. */
const KIND_PRESENT: Readonly<Record<string, string>> = {
  bp: 'v.systolic is not null',
  pulse: 'v.pulse is not null',
  resp: 'v.respiratory_rate is not null',
  temp: 'v.temperature_c is not null',
  spo2: 'v.spo2 is not null',
  weight: 'v.weight_kg is not null',
  height: 'v.height_cm is not null',
  bmi: 'v.weight_kg is not null and v.height_cm is not null',
};

const kindValues = sql.raw(
  VITAL_KINDS.map((k) => `(${k.slot}, '${k.kind}', '${k.code}')`).join(', '),
);
const kindPresent = sql.raw(
  `case m.kind ${VITAL_KINDS.map((k) => `when '${k.kind}' then ${KIND_PRESENT[k.kind]}`).join(' ')} end`,
);

/**
 * The Observation table: one row per blood group and per measurement of a set, with the
 * columns a search's `where` reads: `patient_id` (the patient's row id), `code` (LOINC),
 * `category` (laboratory or vital-signs), `effective_at`, `status`, `updated_at`, `kind`,
 * `patient_ref` (the portal's patient id) and `vital_id`.
 */
const OBSERVATIONS = (afterRow: number) => sql`(
  select p.id * ${SPAN} as k, p.id as patient_id, p.patient_id as patient_ref, 'blood' as kind,
    ${BLOOD_GROUP_CODE} as code, 'laboratory' as category, null::timestamptz as effective_at,
    'final' as status, p.updated_at, p.first_name, p.last_name, p.date_of_birth::text as date_of_birth,
    p.gender, p.blood_type, p.email, p.address, p.phone_number, p.id_card_number,
    p.health_insurance, p.ongoing_treatment, p.unhealthy_habits,
    null::uuid as vital_id, null::smallint as systolic, null::smallint as diastolic,
    null::smallint as pulse, null::smallint as respiratory_rate, null::numeric as temperature_c,
    null::smallint as spo2, null::numeric as weight_kg, null::numeric as height_cm,
    null::bigint as recorded_by
  from patient p where p.blood_type is not null and p.id >= ${afterRow}
  union all
  select v.id * ${SPAN} + m.slot, v.patient_id, p.patient_id, m.kind, m.code, 'vital-signs',
    v.taken_at, 'final', v.recorded_at, null, null, null, null, null, null, null, null, null,
    null, null, null, v.vital_id, v.systolic, v.diastolic, v.pulse, v.respiratory_rate,
    v.temperature_c, v.spo2, v.weight_kg, v.height_cm, v.recorded_by
  from vital_signs v join patient p on p.id = v.patient_id
    cross join lateral (values ${kindValues}) m(slot, kind, code)
  where v.id >= ${afterRow} and ${kindPresent})`;

/** One keyset page of Observation rows; `where` on the columns {@link OBSERVATIONS} names. */
export function observationRowsQuery(window: RowWindow): SQL {
  const afterRow = Math.floor(window.after / SPAN);
  return sql`select o.k, o.patient_ref, o.kind, o.blood_type, o.first_name, o.last_name,
      o.date_of_birth, o.gender, o.email, o.address, o.phone_number, o.id_card_number,
      o.health_insurance, o.ongoing_treatment, o.unhealthy_habits,
      ${instantText(sql`o.updated_at`)} as updated_at, o.vital_id::text as vital_id,
      ${instantText(sql`o.effective_at`)} as taken_at, ${instantText(sql`o.updated_at`)} as recorded_at,
      o.systolic::int as systolic, o.diastolic::int as diastolic, o.pulse::int as pulse,
      o.respiratory_rate::int as respiratory_rate, o.temperature_c::float8 as temperature_c,
      o.spo2::int as spo2, o.weight_kg::float8 as weight_kg, o.height_cm::float8 as height_cm,
      e.employee_id as performer_id, e.first_name as performer_first_name,
      e.last_name as performer_last_name
    from (select * from ${OBSERVATIONS(afterRow)} obs
          where k > ${window.after} and ${window.where ?? sql`true`}
          order by k limit ${window.limit + 1}) o
    left join employee e on e.id = o.recorded_by
    order by o.k`;
}

/** A vital-signs Observation's id: its set's and its kind's (`vs-{vital_id}-{kind}`). */
export const vitalObservationId = (vitalId: string, kind: string) => `vs-${vitalId}-${kind}`;

/** The row of an Observation id, as a condition on {@link OBSERVATIONS}' columns, or null. */
export function observationById(id: string): { where: SQL; patientId?: string } | null {
  const blood = /^blood-type-([A-Za-z0-9.-]{1,64})$/.exec(id);
  if (blood)
    return { where: sql`kind = 'blood' and patient_ref = ${blood[1]}`, patientId: blood[1] };
  const vital =
    /^vs-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([a-z0-9]+)$/i.exec(id);
  if (!vital || !VITAL_KINDS.some((k) => k.kind === vital[2])) return null;
  return { where: sql`vital_id = ${vital[1]!.toLowerCase()}::uuid and kind = ${vital[2]}` };
}

/** A value as a UCUM Quantity. */
function quantity(value: number, unit: string): Quantity {
  return {
    value,
    unit: VITAL_UNIT_TEXT[unit] ?? unit,
    system: 'http://unitsofmeasure.org',
    code: unit,
  };
}

const INTERPRETATION = {
  low: { code: 'L', display: 'Low' },
  high: { code: 'H', display: 'High' },
} as const;

/** A measurement's interpretation (low, high) and its adult reference range. */
function judged(field: FlaggedVital, value: number, unit: string) {
  const range = VITAL_REFERENCE_RANGES[field];
  const [flag] = vitalFlags({ [field]: value });
  return {
    ...(flag
      ? {
          interpretation: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
                  ...INTERPRETATION[flag.level],
                },
              ],
            },
          ],
        }
      : {}),
    ...(range
      ? {
          referenceRange: [
            { low: quantity(range.low, unit), high: quantity(range.high, unit), text: 'Adult' },
          ],
        }
      : {}),
  };
}

/** The unit of a flagged value (the body mass index's is kg/m²). */
const unitOf = (field: FlaggedVital) => (field === 'bmi' ? 'kg/m2' : VITAL_LIMITS[field].unit);

/**
 * An Observation row as FHIR: the blood group (laboratory) or one measurement of a set of vital
 * signs in its vital-signs profile (blood pressure as the 85354-9 panel with its two
 * components), with the time taken, the recorder as performer, UCUM units, the adult reference
 * range and a low or high interpretation where it is outside.
 */
export function toObservation(row: ObservationRow): Observation | null {
  if (row.kind === 'blood') return toBloodTypeObservation({ ...row, patient_id: row.patient_ref });
  const kind = VITAL_KINDS.find((k) => k.kind === row.kind);
  if (!kind || !row.vital_id || !row.taken_at) return null;
  const base: Observation = {
    resourceType: 'Observation',
    id: vitalObservationId(row.vital_id, kind.kind),
    meta: {
      lastUpdated: row.recorded_at ?? row.taken_at,
      profile: [`http://hl7.org/fhir/StructureDefinition/${kind.profile}`],
    },
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'vital-signs',
            display: 'Vital Signs',
          },
        ],
        text: 'Vital Signs',
      },
    ],
    code: concept(CODE_SYSTEMS.loinc, kind.code, kind.display),
    subject: patientReference(row.patient_ref),
    effectiveDateTime: row.taken_at,
    ...(row.recorded_at ? { issued: row.recorded_at } : {}),
    ...(row.performer_id
      ? {
          performer: [
            practitionerReference(
              row.performer_id,
              row.performer_first_name,
              row.performer_last_name,
            ),
          ],
        }
      : {}),
  };
  if (kind.kind === 'bp') {
    if (row.systolic === null || row.diastolic === null) return null;
    const component: ObservationComponent[] = BP_COMPONENTS.map((c) => {
      const value = Number(row[c.field]);
      return {
        code: concept(CODE_SYSTEMS.loinc, c.code, c.display),
        valueQuantity: quantity(value, 'mm[Hg]'),
        ...judged(c.field, value, 'mm[Hg]'),
      };
    });
    return { ...base, component };
  }
  const field = kind.field!;
  const value =
    field === 'bmi'
      ? bodyMassIndex(
          row.weight_kg === null ? null : Number(row.weight_kg),
          row.height_cm === null ? null : Number(row.height_cm),
        )
      : row[field] === null
        ? null
        : Number(row[field]);
  if (value === null) return null;
  return {
    ...base,
    valueQuantity: quantity(value, unitOf(field)),
    ...judged(field, value, unitOf(field)),
  };
}
