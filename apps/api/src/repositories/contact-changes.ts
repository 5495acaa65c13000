import { sql } from 'drizzle-orm';
import {
  CONTACT_ACTIONS,
  CONTACT_FIELDS,
  type ContactChange,
  type ContactField,
  type MyContact,
  type PageParams,
} from '@portal/contract';
import { type Db, queryRows } from '../db/database';
import { notFound } from '../errors';
import { audit, auditedWrite, type RequestContext } from './audit';
import { countUpToBound } from './page-queries';
import { patientRowId } from './record-kinds';
import { boundedTotal, decodeCursor, encodeCursor, type Page } from './paging';

/*
 * A patient's contact details (phone, email, address): the patient's own change, and the short
 * history of who changed which of them that the chart shows. Staff edits of the record that
 * change these fields are kept in the same history (editPatient calls recordContactChange).
 */

/** The contact fields whose value differs between the stored record and the values written. */
export function changedContactFields(
  stored: Readonly<Record<ContactField, string | null>>,
  written: Readonly<Partial<Record<ContactField, string | null | undefined>>>,
): ContactField[] {
  return CONTACT_FIELDS.filter(
    (field) => written[field] !== undefined && written[field] !== stored[field],
  );
}

/** The stored contact details of patient row `patientRowId`, locked until the write commits. */
export async function lockedContact(
  tx: Db,
  patientId: string,
): Promise<(MyContact & { id: number }) | undefined> {
  const [row] = await queryRows<MyContact & { id: string | number }>(
    tx,
    sql`select id, phone_number, email, address from patient where patient_id = ${patientId}
        for update`,
  );
  return row && { ...row, id: Number(row.id) };
}

/** Keeps who changed which contact fields of a patient, now (nothing when none changed). */
export async function recordContactChange(
  tx: Db,
  context: RequestContext,
  patientRowId: number,
  fields: readonly ContactField[],
): Promise<void> {
  if (fields.length === 0) return;
  await tx.execute(
    sql`insert into patient_contact_change (patient_id, fields, changed_by, changed_by_role)
        values (${patientRowId}, ${sql.param([...fields])}::text[],
          ${context.actor?.userId ?? null}::uuid, ${context.actor?.role ?? null})`,
  );
}

/** The patient's own contact details, and the chart's history of their changes. */
export const contactChangesRepository = {
  /**
   * The signed-in patient changes their phone number, email or address (what the body leaves
   * out stays); audited as CONTACT_ACTIONS.update, the change kept in the history when a value
   * differs. Answers the details as they now are.
   */
  async updateOwn(
    db: Db,
    context: RequestContext,
    patientId: string,
    body: Partial<Record<ContactField, string | null>>,
  ): Promise<MyContact> {
    return auditedWrite(
      db,
      context,
      { action: CONTACT_ACTIONS.update, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const stored = await lockedContact(tx, patientId);
        if (!stored) throw notFound(`No patient with ID ${patientId}`);
        const next = {
          phone_number: body.phone_number ?? stored.phone_number,
          email: body.email ?? stored.email,
          address: body.address === undefined ? stored.address : body.address,
        };
        const fields = changedContactFields(stored, body);
        if (fields.length > 0) {
          await tx.execute(
            sql`update patient set phone_number = ${next.phone_number}, email = ${next.email},
                  address = ${next.address}, updated_at = now()
                where id = ${stored.id}`,
          );
          await recordContactChange(tx, context, stored.id, fields);
        }
        return next;
      },
    );
  },

  /**
   * A page of a patient's contact changes, newest first: when, which fields, and who (the
   * patient, or a staff member named from their employee record). Audited as a reading of the
   * record (CONTACT_ACTIONS.list). The cursor is the last change's id.
   */
  async list(
    db: Db,
    context: RequestContext,
    patientId: string,
    page: PageParams,
  ): Promise<Page<ContactChange>> {
    const after = decodeCursor(page.cursor);
    const where = sql`c.patient_id = ${await patientRowId(db, patientId)}`;
    const rows = await queryRows<ContactChange & { id: string | number }>(
      db,
      sql`select c.id,
            to_char(c.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as changed_at,
            c.fields,
            case when c.changed_by_role = 'patient' then 'patient' else 'staff' end as changed_by,
            case when c.changed_by_role = 'patient' then null
                 else nullif(concat_ws(' ', e.first_name, e.last_name), '') end as name
          from patient_contact_change c
          left join app_user u on u.id = c.changed_by
          left join employee e on e.id = u.employee_id
          where ${where} and (${after} = 0 or c.id < ${after})
          order by c.id desc
          limit ${page.limit + 1}`,
    );
    const [{ total: counted } = { total: 0 }] = await queryRows<{ total: number }>(
      db,
      countUpToBound(sql`patient_contact_change c`, where),
    );
    await audit(db, context, {
      action: CONTACT_ACTIONS.list,
      recordType: 'patient',
      recordIds: [patientId],
      outcome: 'success',
    });
    const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
    return {
      items: rows.slice(0, page.limit).map(({ id: _id, ...change }) => change),
      ...boundedTotal(counted),
      nextCursor: last ? encodeCursor(Number(last.id)) : null,
    };
  },
};
