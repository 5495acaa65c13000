import { type SQL, sql } from 'drizzle-orm';
import {
  type AddAllergyRequest,
  type AddConditionRequest,
  type Allergy,
  type AllergyList,
  CATALOGUE_ID_MESSAGE,
  CLINICAL_LIST_ACTIONS,
  type Condition,
  type PatchAllergyRequest,
  type PatchConditionRequest,
} from '@portal/contract';
import { catalogueEntry, type CatalogueKind } from '../catalogues';
import { type Db, queryRows } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { authorRowId, instantText, staffJson } from './appointments';
import { auditedWrite, type RequestContext } from './audit';
import { auditedPatientRowId, patientRowId } from './record-kinds';

/*
 * The problem list and the allergy list (docs/api.md, "Problems and allergies"). Entries are
 * coded from the catalogues (an entry's id; its names and codes are added from memory), resolved or corrected (entered-in-error with a
 * reason) and never deleted; every state an entry had is appended to clinical_list_change in
 * the write's transaction. The allergy list has three states: not yet asked, no known
 * allergies (who and when, on the patient row) or a list.
 */

/** The substance kinds an allergy may name; a condition names a `condition` entry. */
const SUBSTANCE_KINDS: readonly CatalogueKind[] = ['drug', 'class', 'food', 'environment'];

/** The fields of a condition's state, as its history keeps them. */
const conditionStateJson = (c: string) =>
  sql.raw(`jsonb_build_object('onset_date', ${c}.onset_date, 'clinical_status', ${c}.clinical_status,
    'verification_status', ${c}.verification_status, 'error_reason', ${c}.error_reason,
    'note', ${c}.note)`);

/** The fields of an allergy's state, as its history keeps them. */
const allergyStateJson = (a: string) =>
  sql.raw(`jsonb_build_object('reaction', ${a}.reaction, 'severity', ${a}.severity,
    'criticality', ${a}.criticality, 'onset_date', ${a}.onset_date,
    'clinical_status', ${a}.clinical_status, 'verification_status', ${a}.verification_status,
    'error_reason', ${a}.error_reason)`);

/** Every state of entry `entryId`, oldest first, with who made it so and when. */
const historyJson = (entryId: SQL) => sql`coalesce((select json_agg(
      (h.state || jsonb_build_object('changed_by', ${staffJson(sql`h.changed_by`)},
        'changed_at', ${instantText(sql`h.changed_at`)})) order by h.id)
    from clinical_list_change h where h.entry_id = ${entryId}), '[]'::json)`;

/**
 * What every entry answers of its catalogue entry, after the entry's own id and code and before
 * the rest (conditionSchema's and allergySchema's key order): the names and the codes (the
 * code alone, should a data file ever drop it).
 */
function withCatalogue<T extends { id: string }>(code: string, row: T): T {
  const { id, ...rest } = row;
  const entry = catalogueEntry(code);
  const own = Object.fromEntries(Object.entries(rest).slice(0, 1));
  const after = Object.fromEntries(Object.entries(rest).slice(1));
  return {
    id,
    ...own,
    ...('kind' in after ? { kind: after['kind'], seed_code: after['seed_code'] } : {}),
    name: entry?.name ?? code,
    name_th: entry?.name_th ?? null,
    codes: entry ? entry.codes.map((c) => ({ ...c })) : [],
    ...after,
  } as unknown as T;
}

/** Condition `c` (conditionSchema without the catalogue's fields, added by withCatalogue). */
const conditionJson = sql`json_build_object('id', c.entry_id, 'condition_id', c.code,
    'onset_date', c.onset_date, 'clinical_status', c.clinical_status,
    'verification_status', c.verification_status, 'error_reason', c.error_reason, 'note', c.note,
    'recorded_by', ${staffJson(sql`c.recorded_by`)}, 'recorded_at', ${instantText(sql`c.recorded_at`)},
    'changed_by', ${staffJson(sql`c.changed_by`)}, 'changed_at', ${instantText(sql`c.changed_at`)},
    'history', ${historyJson(sql`c.entry_id`)})`;

/** Allergy `a` (allergySchema without the catalogue's fields, added by withCatalogue). */
const allergyJson = sql`json_build_object('id', a.entry_id, 'substance_id', a.code,
    'kind', a.kind, 'seed_code', a.seed_code, 'reaction', a.reaction, 'severity', a.severity, 'criticality', a.criticality,
    'onset_date', a.onset_date, 'clinical_status', a.clinical_status,
    'verification_status', a.verification_status, 'error_reason', a.error_reason,
    'recorded_by', ${staffJson(sql`a.recorded_by`)}, 'recorded_at', ${instantText(sql`a.recorded_at`)},
    'changed_by', ${staffJson(sql`a.changed_by`)}, 'changed_at', ${instantText(sql`a.changed_at`)},
    'history', ${historyJson(sql`a.entry_id`)})`;

/**
 * The allergy list's state of patient row `p`: listed while some allergy is not entered in
 * error; else "no known allergies" once someone recorded it; else not yet asked.
 */
export const allergyStateSql = sql`case
    when exists (select 1 from patient_allergy x where x.patient_id = p.id
                   and x.verification_status <> 'entered-in-error')
      or exists (select 1 from patient_drug_allergy y where y.patient_id = p.id) then 'listed'
    when p.no_known_allergies_at is not null then 'no_known'
    else 'not_asked' end`;

/** The catalogue entry `code` names, if of one of `kinds`; 400 naming `field` otherwise. */
function checkCatalogue(code: string, kinds: readonly CatalogueKind[], field: string) {
  const entry = catalogueEntry(code);
  if (!entry || !kinds.includes(entry.kind))
    throw badRequest(CATALOGUE_ID_MESSAGE, [{ field, message: CATALOGUE_ID_MESSAGE }]);
  return entry;
}

/** Appends entry `entryId`'s current state to its history. */
async function keepState(tx: Db, list: 'condition' | 'allergy', entryId: string): Promise<void> {
  await tx.execute(
    list === 'condition'
      ? sql`insert into clinical_list_change (list, entry_id, state, changed_by, changed_at)
            select 'condition', c.entry_id, ${conditionStateJson('c')}, c.changed_by, c.changed_at
            from patient_condition c where c.entry_id = ${entryId}`
      : sql`insert into clinical_list_change (list, entry_id, state, changed_by, changed_at)
            select 'allergy', a.entry_id, ${allergyStateJson('a')}, a.changed_by, a.changed_at
            from patient_allergy a where a.entry_id = ${entryId}`,
  );
}

async function conditionsOf(tx: Db, where: SQL): Promise<Condition[]> {
  const rows = await queryRows<{ item: Condition }>(
    tx,
    sql`select ${conditionJson} as item from patient_condition c where ${where} order by c.id`,
  );
  return rows.map(({ item }) => withCatalogue(item.condition_id, item));
}

async function allergiesOf(tx: Db, where: SQL): Promise<Allergy[]> {
  const rows = await queryRows<{ item: Allergy }>(
    tx,
    sql`select ${allergyJson} as item from patient_allergy a where ${where} order by a.id`,
  );
  return rows.map(({ item }) => withCatalogue(item.substance_id, item));
}

/** The allergy list of patient row `rowId`: its state, "no known allergies", every allergy. */
async function allergyList(tx: Db, rowId: number): Promise<AllergyList> {
  const [head] = await queryRows<{
    state: AllergyList['state'];
    nka: AllergyList['no_known_allergies'];
  }>(
    tx,
    sql`select ${allergyStateSql} as state,
          case when p.no_known_allergies_at is null then null
               else json_build_object('recorded_by', ${staffJson(sql`p.no_known_allergies_by`)},
                      'recorded_at', ${instantText(sql`p.no_known_allergies_at`)}) end as nka
        from patient p where p.id = ${rowId}`,
  );
  return {
    state: head!.state,
    no_known_allergies: head!.state === 'no_known' ? head!.nka : null,
    allergies: await allergiesOf(tx, sql`a.patient_id = ${rowId}`),
  };
}

/** 404 for an entry id that is not one of this patient's entries of the list. */
const noEntry = (list: string) => notFound(`This patient has no such ${list}`);

export const clinicalListsRepository = {
  /** Every condition of a patient, oldest first (entered in error included); audited. */
  async conditions(db: Db, context: RequestContext, patientId: string): Promise<Condition[]> {
    const rowId = await auditedPatientRowId(
      db,
      context,
      CLINICAL_LIST_ACTIONS.conditionsRead,
      patientId,
    );
    return conditionsOf(db, sql`c.patient_id = ${rowId}`);
  },

  /** Adds a condition from the catalogue: active and confirmed unless said otherwise. */
  async addCondition(
    db: Db,
    context: RequestContext,
    patientId: string,
    input: AddConditionRequest,
  ): Promise<Condition> {
    return auditedWrite(
      db,
      context,
      {
        action: CLINICAL_LIST_ACTIONS.conditionCreate,
        recordType: 'patient',
        recordIds: [patientId],
      },
      async (tx) => {
        const entry = checkCatalogue(input.condition_id, ['condition'], 'condition_id');
        const rowId = await patientRowId(tx, patientId);
        const [row] = await queryRows<{ entry_id: string }>(
          tx,
          sql`insert into patient_condition (patient_id, code, seed_code, onset_date,
                clinical_status, verification_status, note, recorded_by, changed_by)
              values (${rowId}, ${entry.id}, ${entry.seed_code}, ${input.onset_date ?? null},
                ${input.clinical_status ?? 'active'}, ${input.verification_status ?? 'confirmed'},
                ${input.note ?? null}, ${authorRowId(context)}, ${authorRowId(context)})
              returning entry_id`,
        );
        await keepState(tx, 'condition', row!.entry_id);
        const [added] = await conditionsOf(tx, sql`c.entry_id = ${row!.entry_id}`);
        return added!;
      },
    );
  },

  /**
   * Resolves, corrects or amends a condition. One entered in error stays so: 409 naming
   * `verification_status` for any further change.
   */
  async patchCondition(
    db: Db,
    context: RequestContext,
    patientId: string,
    entryId: string,
    patch: PatchConditionRequest,
  ): Promise<Condition> {
    return auditedWrite(
      db,
      context,
      {
        action: CLINICAL_LIST_ACTIONS.conditionUpdate,
        recordType: 'patient',
        recordIds: [patientId],
      },
      async (tx) => {
        const rowId = await patientRowId(tx, patientId);
        const [current] = await queryRows<{ verification_status: string }>(
          tx,
          sql`select verification_status from patient_condition
              where entry_id = ${entryId} and patient_id = ${rowId} for update`,
        );
        if (!current) throw noEntry('condition');
        if (current.verification_status === 'entered-in-error')
          throw conflict('verification_status', ENTERED_IN_ERROR_FINAL);
        const sets = setsOf(patch, [
          'onset_date',
          'clinical_status',
          'verification_status',
          'note',
        ]);
        if (patch.verification_status === 'entered-in-error')
          sets.push(sql`error_reason = ${patch.error_reason ?? null}`);
        await tx.execute(
          sql`update patient_condition set ${changedBy(sets, context)} where entry_id = ${entryId}`,
        );
        await keepState(tx, 'condition', entryId);
        const [changed] = await conditionsOf(tx, sql`c.entry_id = ${entryId}`);
        return changed!;
      },
    );
  },

  /** The allergy list of a patient (state, "no known allergies", every allergy); audited. */
  async allergies(db: Db, context: RequestContext, patientId: string): Promise<AllergyList> {
    const rowId = await auditedPatientRowId(
      db,
      context,
      CLINICAL_LIST_ACTIONS.allergiesRead,
      patientId,
    );
    return allergyList(db, rowId);
  },

  /**
   * Adds an allergy to a catalogue substance (drug, class, food, environment); the list is then
   * "listed" ("no known allergies" no longer holds). 409 naming `substance_id` when an allergy
   * to it, not entered in error, is on the list already.
   */
  async addAllergy(
    db: Db,
    context: RequestContext,
    patientId: string,
    input: AddAllergyRequest,
  ): Promise<Allergy> {
    return auditedWrite(
      db,
      context,
      {
        action: CLINICAL_LIST_ACTIONS.allergyCreate,
        recordType: 'patient',
        recordIds: [patientId],
      },
      async (tx) => {
        const entry = checkCatalogue(input.substance_id, SUBSTANCE_KINDS, 'substance_id');
        const rowId = await patientRowId(tx, patientId, true);
        const [twin] = await queryRows<{ id: string | number }>(
          tx,
          sql`select id from patient_allergy where patient_id = ${rowId}
                and code = ${entry.id} and verification_status <> 'entered-in-error'`,
        );
        if (twin) throw conflict('substance_id', ALLERGY_LISTED_ALREADY);
        const [row] = await queryRows<{ entry_id: string }>(
          tx,
          sql`insert into patient_allergy (patient_id, code, kind, seed_code, reaction, severity,
                criticality, onset_date, recorded_by, changed_by)
              values (${rowId}, ${entry.id}, ${entry.kind}, ${entry.seed_code},
                ${input.reaction ?? null},
                ${input.severity ?? null}, ${input.criticality ?? null},
                ${input.onset_date ?? null}, ${authorRowId(context)}, ${authorRowId(context)})
              returning entry_id`,
        );
        await tx.execute(
          sql`update patient set no_known_allergies_by = null, no_known_allergies_at = null
              where id = ${rowId}`,
        );
        await keepState(tx, 'allergy', row!.entry_id);
        const [added] = await allergiesOf(tx, sql`a.entry_id = ${row!.entry_id}`);
        return added!;
      },
    );
  },

  /**
   * Records "no known allergies", asked now by the caller. 409 naming `allergies` while an
   * allergy is listed (resolve or correct it first).
   */
  async recordNoKnownAllergies(
    db: Db,
    context: RequestContext,
    patientId: string,
  ): Promise<AllergyList> {
    return auditedWrite(
      db,
      context,
      { action: CLINICAL_LIST_ACTIONS.allergyNone, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const rowId = await patientRowId(tx, patientId, true);
        const [listed] = await queryRows<{ state: string }>(
          tx,
          sql`select ${allergyStateSql} as state from patient p where p.id = ${rowId}`,
        );
        if (listed?.state === 'listed') throw conflict('allergies', ALLERGIES_LISTED);
        await tx.execute(
          sql`update patient set no_known_allergies_by = ${authorRowId(context)},
                no_known_allergies_at = now() where id = ${rowId}`,
        );
        return allergyList(tx, rowId);
      },
    );
  },

  /** Resolves, corrects or amends an allergy (as {@link patchCondition} does a condition). */
  async patchAllergy(
    db: Db,
    context: RequestContext,
    patientId: string,
    entryId: string,
    patch: PatchAllergyRequest,
  ): Promise<Allergy> {
    return auditedWrite(
      db,
      context,
      {
        action: CLINICAL_LIST_ACTIONS.allergyUpdate,
        recordType: 'patient',
        recordIds: [patientId],
      },
      async (tx) => {
        const rowId = await patientRowId(tx, patientId);
        const [current] = await queryRows<{ verification_status: string }>(
          tx,
          sql`select verification_status from patient_allergy
              where entry_id = ${entryId} and patient_id = ${rowId} for update`,
        );
        if (!current) throw noEntry('allergy');
        if (current.verification_status === 'entered-in-error')
          throw conflict('verification_status', ENTERED_IN_ERROR_FINAL);
        const sets = setsOf(patch, [
          'reaction',
          'severity',
          'criticality',
          'onset_date',
          'clinical_status',
          'verification_status',
        ]);
        if (patch.verification_status === 'entered-in-error')
          sets.push(sql`error_reason = ${patch.error_reason ?? null}`);
        await tx.execute(
          sql`update patient_allergy set ${changedBy(sets, context)} where entry_id = ${entryId}`,
        );
        await keepState(tx, 'allergy', entryId);
        const [changed] = await allergiesOf(tx, sql`a.entry_id = ${entryId}`);
        return changed!;
      },
    );
  },
};

/** The refusals of the calls above (problem details; the field is in `errors`). */
export const ENTERED_IN_ERROR_FINAL =
  'This entry was entered in error and stays so; add the right one instead';
export const ALLERGY_LISTED_ALREADY = 'The patient’s allergy list names this substance already';
export const ALLERGIES_LISTED =
  'Allergies are listed; resolve or correct them before recording no known allergies';

/** `column = value` for each of `columns` the patch names (null empties it). */
function setsOf(patch: Record<string, unknown>, columns: readonly string[]): SQL[] {
  return columns
    .filter((column) => patch[column] !== undefined)
    .map((column) => sql`${sql.identifier(column)} = ${patch[column] as string | null}`);
}

/** The sets of a change, with who made it and when. */
function changedBy(sets: SQL[], context: RequestContext): SQL {
  return sql.join(
    [...sets, sql`changed_by = ${authorRowId(context)}`, sql`changed_at = now()`],
    sql`, `,
  );
}
