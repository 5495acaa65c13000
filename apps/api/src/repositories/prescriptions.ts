import { type SQL, sql } from 'drizzle-orm';
import {
  CATALOGUE_ID_MESSAGE,
  type Medication,
  MEDICATION_ACTIONS,
  MEDICATION_ALLERGY_MESSAGE,
  MEDICATION_DUPLICATE_MESSAGE,
  MEDICATION_NOT_ACTIVE_MESSAGE,
  type prescribeRequestSchema,
  type PrescriptionConflicts,
} from '@portal/contract';
import type { z } from 'zod';
import {
  allergyCovers,
  type CatalogueEntry,
  catalogueEntry,
  entryForSeedCode,
} from '../catalogues';
import { type Db, queryRows } from '../db/database';
import { badRequest, conflict, notFound, ProblemError } from '../errors';
import { authorRowId, instantText, staffJson } from './appointments';
import { audit, auditedWrite, type RequestContext } from './audit';
import { auditedPatientRowId, patientRowId } from './record-kinds';

/*
 * Prescriptions (docs/api.md, "Prescriptions"). A prescription is checked, inside the write's
 * transaction and with the patient's row locked (as an allergy's write locks it), against the
 * patient's active allergies and active prescriptions, so that of any number of prescriptions
 * sent at once for one patient each is checked against those committed before it. An override
 * reason lets a prescription past the checks; it is kept beside the prescription and the write
 * is audited with an action of its own. Stopped with a reason, never deleted (migration 0031's
 * trigger holds it).
 */

type Prescribe = z.output<typeof prescribeRequestSchema>;

/** The ATC level two prescriptions must share to duplicate each other: the chemical subgroup. */
const DUPLICATE_CLASS_LENGTH = 'atc:'.length + 5;

/** A prescription's status as answered: stopped, completed once its days are over, or active. */
const statusSql = (m: string) =>
  sql.raw(`case when ${m}.status = 'stopped' then 'stopped'
    when ${m}.ends_at <= now() then 'completed' else 'active' end`);

/** Prescription `m` (medicationSchema without the catalogue's fields and the conflicts). */
const medicationJson = sql`json_build_object('id', m.medication_id, 'drug_id', m.drug_code,
    'dose', m.dose::float8, 'unit', m.unit, 'route', m.route, 'frequency', m.frequency,
    'duration_days', m.duration_days::int, 'quantity', m.quantity::float8,
    'instructions', m.instructions, 'status', ${statusSql('m')},
    'stopped', case when m.status = 'stopped' then json_build_object('reason', m.stop_reason,
      'by', ${staffJson(sql`m.stopped_by`)}, 'at', ${instantText(sql`m.stopped_at`)}) end,
    'override_reason', m.override_reason,
    'prescribed_by', ${staffJson(sql`m.prescribed_by`)},
    'created_at', ${instantText(sql`m.created_at`)}, 'ends_at', ${instantText(sql`m.ends_at`)})`;

/** One of the patient's active allergies, with the catalogue entry it is to. */
interface ActiveAllergy {
  readonly allergy_id: string | null;
  readonly substance_id: string;
  readonly name: string;
}

/**
 * The patient's active allergies: the allergy list's (active, not entered in error) and the
 * seed's own drug allergies (R003 stands for amoxicillin), each as its catalogue entry.
 */
export async function activeAllergies(tx: Db, rowId: number): Promise<ActiveAllergy[]> {
  const rows = await queryRows<{ allergy_id: string | null; code: string; seed: boolean }>(
    tx,
    sql`select a.entry_id::text as allergy_id, a.code, false as seed from patient_allergy a
          where a.patient_id = ${rowId} and a.clinical_status = 'active'
            and a.verification_status <> 'entered-in-error'
        union all
        select null, d.drug_id, true from patient_drug_allergy d where d.patient_id = ${rowId}`,
  );
  return rows.flatMap((row) => {
    const entry = row.seed ? entryForSeedCode(row.code) : catalogueEntry(row.code);
    const substanceId = entry?.id ?? row.code;
    return [
      { allergy_id: row.allergy_id, substance_id: substanceId, name: entry?.name ?? row.code },
    ];
  });
}

/** The allergies of `allergies` that cover drug `drugId` (the drug itself or one of its classes). */
export function allergiesCovering(
  allergies: readonly ActiveAllergy[],
  drugId: string,
): ActiveAllergy[] {
  const seen = new Set<string>();
  return allergies.filter((allergy) => {
    if (!allergyCovers(allergy.substance_id, drugId)) return false;
    const key = `${allergy.allergy_id ?? ''} ${allergy.substance_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What `drug` shares with drug `otherId`: the same ingredient, or an ATC chemical subgroup. */
export function sharedTherapy(drug: CatalogueEntry, otherId: string): string | undefined {
  if (drug.id === otherId) return drug.id;
  const other = catalogueEntry(otherId);
  if (!other) return undefined;
  return drug.class_ids.find(
    (id) => id.length === DUPLICATE_CLASS_LENGTH && other.class_ids.includes(id),
  );
}

/** The drug `drugId` names; 400 naming `field` unless it is a drug of the catalogue. */
export function drugOf(drugId: string, field = 'drug_id'): CatalogueEntry {
  const entry = catalogueEntry(drugId);
  if (!entry || entry.kind !== 'drug')
    throw badRequest(CATALOGUE_ID_MESSAGE, [{ field, message: CATALOGUE_ID_MESSAGE }]);
  return entry;
}

/** The 409 of a prescription that meets an allergy or duplicates an active therapy. */
export function prescriptionConflict(conflicts: PrescriptionConflicts): ProblemError {
  const errors = [
    ...(conflicts.allergies.length
      ? [{ field: 'allergy', message: MEDICATION_ALLERGY_MESSAGE }]
      : []),
    ...(conflicts.duplicates.length
      ? [{ field: 'duplicate_therapy', message: MEDICATION_DUPLICATE_MESSAGE }]
      : []),
  ];
  return new ProblemError(409, 'Conflict', errors[0]!.message, errors, undefined, {
    prescription_conflicts: conflicts,
  });
}

/** The prescriptions of `where` on `medication_request m`, newest first, as answered. */
async function medicationsOf(tx: Db, rowId: number, where: SQL): Promise<Medication[]> {
  const rows = await queryRows<{ item: Omit<Medication, 'name' | 'name_th' | 'codes'> }>(
    tx,
    sql`select ${medicationJson} as item from medication_request m
        where m.patient_id = ${rowId} and ${where} order by m.id desc`,
  );
  const allergies = rows.some(({ item }) => item.status === 'active')
    ? await activeAllergies(tx, rowId)
    : [];
  return rows.map(({ item }) => {
    const entry = catalogueEntry(item.drug_id);
    const { id, drug_id, ...rest } = item;
    return {
      id,
      drug_id,
      name: entry?.name ?? drug_id,
      name_th: entry?.name_th ?? null,
      codes: entry ? entry.codes.map((c) => ({ ...c })) : [],
      ...rest,
      allergy_conflicts:
        item.status === 'active'
          ? allergiesCovering(allergies, drug_id).map((a) => ({ ...a }))
          : [],
    };
  });
}

export const prescriptionsRepository = {
  /** Every prescription of a patient, newest first; audited. */
  async list(db: Db, context: RequestContext, patientId: string): Promise<Medication[]> {
    const rowId = await auditedPatientRowId(db, context, MEDICATION_ACTIONS.read, patientId);
    return medicationsOf(db, rowId, sql`true`);
  },

  /** A patient's active prescriptions (what MyInfo shows), newest first; audited. */
  async active(db: Db, context: RequestContext, patientId: string): Promise<Medication[]> {
    const rowId = await auditedPatientRowId(db, context, MEDICATION_ACTIONS.read, patientId);
    return medicationsOf(db, rowId, sql`m.status = 'active' and m.ends_at > now()`);
  },

  /** One prescription of a patient by its id, as answered (undefined when there is none). */
  async byId(db: Db, rowId: number, medicationId: string): Promise<Medication | undefined> {
    const [found] = await medicationsOf(db, rowId, sql`m.medication_id = ${medicationId}::uuid`);
    return found;
  },

  /**
   * Prescribes a catalogue drug, by the session's staff member, after the checks: an active
   * allergy to the drug or a class of it (409 naming `allergy`), an active prescription of the
   * same ingredient or ATC chemical subgroup (409 naming `duplicate_therapy`), both named in
   * `prescription_conflicts`; an override reason lets it past them, kept beside it. The reason
   * is kept only when something was overridden.
   */
  async prescribe(
    db: Db,
    context: RequestContext,
    patientId: string,
    input: Prescribe,
  ): Promise<Medication> {
    return auditedWrite(
      db,
      context,
      { action: MEDICATION_ACTIONS.prescribe, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const drug = drugOf(input.drug_id);
        const rowId = await patientRowId(tx, patientId, true);
        const allergies = allergiesCovering(await activeAllergies(tx, rowId), drug.id);
        const current = await queryRows<{ medication_id: string; drug_code: string }>(
          tx,
          sql`select medication_id::text as medication_id, drug_code from medication_request
              where patient_id = ${rowId} and status = 'active' and ends_at > now()
              order by id`,
        );
        const duplicates = current.flatMap((row) => {
          const shared = sharedTherapy(drug, row.drug_code);
          return shared
            ? [
                {
                  medication_id: row.medication_id,
                  drug_id: row.drug_code,
                  name: catalogueEntry(row.drug_code)?.name ?? row.drug_code,
                  shared,
                },
              ]
            : [];
        });
        const overridden = allergies.length > 0 || duplicates.length > 0;
        if (overridden && !input.override_reason)
          throw prescriptionConflict({ allergies, duplicates });
        if (overridden) {
          await audit(tx, context, {
            action: MEDICATION_ACTIONS.prescribeOverride,
            recordType: 'patient',
            recordIds: [patientId],
            outcome: 'success',
          });
        }
        const [row] = await queryRows<{ medication_id: string }>(
          tx,
          sql`insert into medication_request (patient_id, drug_code, dose, unit, route, frequency,
                duration_days, quantity, instructions, override_reason, prescribed_by, ends_at)
              values (${rowId}, ${drug.id}, ${input.dose}, ${input.unit}, ${input.route},
                ${input.frequency}, ${input.duration_days}, ${input.quantity},
                ${input.instructions}, ${overridden ? input.override_reason! : null},
                ${authorRowId(context)},
                now() + make_interval(days => ${input.duration_days}::int))
              returning medication_id::text as medication_id`,
        );
        return (await prescriptionsRepository.byId(tx, rowId, row!.medication_id))!;
      },
    );
  },

  /**
   * Stops an active prescription with a reason, by the session's staff member. 404 for another
   * patient's or an unknown one; 409 naming `medication_id` once stopped or completed.
   */
  async stop(
    db: Db,
    context: RequestContext,
    patientId: string,
    medicationId: string,
    input: { reason: string },
  ): Promise<Medication> {
    return auditedWrite(
      db,
      context,
      { action: MEDICATION_ACTIONS.stop, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const rowId = await patientRowId(tx, patientId, true);
        const [found] = await queryRows<{ id: string | number; active: boolean }>(
          tx,
          sql`select id, (status = 'active' and ends_at > now()) as active
              from medication_request
              where patient_id = ${rowId} and medication_id = ${medicationId}::uuid`,
        );
        if (!found) throw notFound('No such prescription for this patient');
        if (!found.active) throw conflict('medication_id', MEDICATION_NOT_ACTIVE_MESSAGE);
        await tx.execute(
          sql`update medication_request set status = 'stopped', stop_reason = ${input.reason},
                stopped_by = ${authorRowId(context)}, stopped_at = now()
              where id = ${found.id}`,
        );
        return (await prescriptionsRepository.byId(tx, rowId, medicationId))!;
      },
    );
  },
};
