import { sql } from 'drizzle-orm';
import type { MedicationRequest } from '@medplum/fhirtypes';
import {
  DOSE_UNITS,
  MEDICATION_FREQUENCIES,
  MEDICATION_ROUTES,
  prescribeRequestSchema,
} from '@portal/contract';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { type Db, queryRows } from '../db/database';
import { ProblemError } from '../errors';
import type { RequestContext } from '../repositories/audit';
import { prescriptionsRepository } from '../repositories/prescriptions';
import { unprocessable } from './outcome';
import {
  FREQUENCY_SYSTEM,
  medicationRequestRowsQuery,
  OVERRIDE_REASON_EXTENSION,
  toMedicationRequest,
} from './resources';
import { asFhir, parseWith, referencedPatient, resourceOf } from './writes';

/*
 * A MedicationRequest create: the resource read into the API's prescription (the contract's
 * schema) and prescribed through the same repository call, so the same checks hold: an active
 * allergy to the drug or its class, or an active prescription of the same ingredient or ATC
 * chemical subgroup, is a 409 OperationOutcome naming the element and the conflicts, unless the
 * override-reason extension gives why.
 */

const DOSAGE = 'MedicationRequest.dosageInstruction[0]';

/** The FHIR element each field of a prescription comes from. */
const MEDICATION_ELEMENTS: Record<string, string> = {
  drug_id: 'MedicationRequest.medicationCodeableConcept',
  allergy: 'MedicationRequest.medicationCodeableConcept',
  duplicate_therapy: 'MedicationRequest.medicationCodeableConcept',
  dose: `${DOSAGE}.doseAndRate[0].doseQuantity.value`,
  unit: `${DOSAGE}.doseAndRate[0].doseQuantity.code`,
  route: `${DOSAGE}.route`,
  frequency: `${DOSAGE}.timing`,
  duration_days: 'MedicationRequest.dispenseRequest.expectedSupplyDuration.value',
  quantity: 'MedicationRequest.dispenseRequest.quantity.value',
  instructions: `${DOSAGE}.patientInstruction`,
  override_reason: `MedicationRequest.extension('${OVERRIDE_REASON_EXTENSION}')`,
  // An unknown patient, as its reference names it.
  subject: 'MedicationRequest.subject',
};

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The catalogue's id of the drug an RxNorm coding names (undefined: none, refused by the schema). */
function drugOfCodings(resource: MedicationRequest): string | undefined {
  const codings = asList<{ system?: unknown; code?: unknown }>(
    resource.medicationCodeableConcept?.coding,
  );
  const rxnorm = codings.find(
    (c) => c?.system === CODE_SYSTEMS.rxnorm && typeof c.code === 'string',
  );
  return rxnorm ? `rxn:${String(rxnorm.code)}` : undefined;
}

/** The portal's name of what a coding or a UCUM code names, by a table's own codes. */
function nameOf<K extends string>(
  table: Readonly<Record<K, unknown>>,
  matches: (key: K) => boolean,
): K | undefined {
  return (Object.keys(table) as K[]).find(matches);
}

/** The portal's frequency a Timing stands for: its code, else its repeat (or as needed). */
function frequencyOf(resource: MedicationRequest): string | undefined {
  const dosage = asList<NonNullable<MedicationRequest['dosageInstruction']>[number]>(
    resource.dosageInstruction,
  )[0];
  const coded = asList<{ system?: unknown; code?: unknown }>(dosage?.timing?.code?.coding).find(
    (c) => c?.system === FREQUENCY_SYSTEM,
  );
  if (typeof coded?.code === 'string') return coded.code;
  if (dosage?.asNeededBoolean === true) return 'as_needed';
  const repeat = dosage?.timing?.repeat;
  if (!repeat) return undefined;
  if (repeat.count === 1) return 'once';
  return nameOf(MEDICATION_FREQUENCIES, (key) => {
    const f = MEDICATION_FREQUENCIES[key];
    return (
      !!f &&
      key !== 'once' &&
      key !== 'at_bedtime' &&
      f.times === repeat.frequency &&
      f.period === repeat.period &&
      f.unit === repeat.periodUnit
    );
  });
}

/** The API's prescription a MedicationRequest stands for (unchecked: the schema checks it). */
function prescriptionOf(resource: MedicationRequest): Record<string, unknown> {
  const dosage = asList<NonNullable<MedicationRequest['dosageInstruction']>[number]>(
    resource.dosageInstruction,
  )[0];
  const dose = asList<{ doseQuantity?: { value?: unknown; code?: unknown; unit?: unknown } }>(
    dosage?.doseAndRate,
  )[0]?.doseQuantity;
  const routeCode = asList<{ system?: unknown; code?: unknown }>(dosage?.route?.coding).find(
    (c) => c?.system === CODE_SYSTEMS.snomed,
  )?.code;
  const override = asList<{ url?: unknown; valueString?: unknown }>(resource.extension).find(
    (e) => e?.url === OVERRIDE_REASON_EXTENSION,
  )?.valueString;
  return {
    drug_id: drugOfCodings(resource),
    dose: dose?.value,
    unit:
      nameOf(DOSE_UNITS, (key) => DOSE_UNITS[key] === dose?.code) ??
      (typeof dose?.unit === 'string' ? dose.unit : undefined),
    route: nameOf(MEDICATION_ROUTES, (key) => MEDICATION_ROUTES[key].code === routeCode),
    frequency: frequencyOf(resource),
    duration_days: resource.dispenseRequest?.expectedSupplyDuration?.value,
    quantity: resource.dispenseRequest?.quantity?.value,
    instructions: dosage?.patientInstruction,
    ...(override !== undefined ? { override_reason: override } : {}),
  };
}

/** The conflicts of a prescription's 409, in words a FHIR client reads in the diagnostics. */
function conflictWords(error: ProblemError): string {
  const conflicts = error.extensions?.prescription_conflicts;
  if (!conflicts) return '';
  const allergies = conflicts.allergies.map((a) => `an allergy to ${a.name} (${a.substance_id})`);
  const duplicates = conflicts.duplicates.map(
    (d) => `MedicationRequest/${d.medication_id} (${d.name}, sharing ${d.shared})`,
  );
  return `; it meets ${[...allergies, ...duplicates].join(', ')}`;
}

/** POST /MedicationRequest: a prescription, by the same call and checks as the API's. */
export async function createMedicationRequest(
  db: Db,
  context: RequestContext,
  body: unknown,
): Promise<MedicationRequest> {
  const resource = resourceOf<MedicationRequest>(body, 'MedicationRequest');
  const patientId = referencedPatient(resource.subject?.reference, 'MedicationRequest.subject');
  if (resource.status !== undefined && resource.status !== 'active')
    throw unprocessable('MedicationRequest.status: a new prescription is active', [
      'MedicationRequest.status',
    ]);
  if (resource.intent !== undefined && resource.intent !== 'order')
    throw unprocessable('MedicationRequest.intent: a prescription is an order', [
      'MedicationRequest.intent',
    ]);
  const input = parseWith(
    prescribeRequestSchema,
    prescriptionOf(resource),
    MEDICATION_ELEMENTS,
    'MedicationRequest',
  );
  const given = await asFhir(
    async () => {
      try {
        return await prescriptionsRepository.prescribe(db, context, patientId, input);
      } catch (error) {
        // The API's 404 for an unknown patient is, in a resource, a reference that fails.
        if (error instanceof ProblemError && error.status === 404)
          throw unprocessable('MedicationRequest.subject: no such patient', [
            'MedicationRequest.subject',
          ]);
        if (error instanceof ProblemError && error.status === 409 && error.errors) {
          throw new ProblemError(
            409,
            'Conflict',
            `${error.message}${conflictWords(error)}`,
            error.errors,
          );
        }
        throw error;
      }
    },
    MEDICATION_ELEMENTS,
    'MedicationRequest',
  );
  const [row] = await queryRows(
    db,
    medicationRequestRowsQuery({
      after: 0,
      limit: 1,
      where: sql`medication_id = ${given.id}::uuid`,
    }),
  );
  return toMedicationRequest(row as never);
}
