/**
 * Fills the `catalogue_entry` table from the data file (catalogue.ts), once per data file:
 * `catalogue_version` keeps the file's SHA-256, and a start whose file has the same digest
 * does nothing. Rows are upserted, never deleted: an entry a newer edition drops stays
 * readable for the records that name it.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';
import { type CatalogueEntry, catalogueEntries, catalogueFileBytes } from './catalogue';

/** Rows sent in one statement: one parameter (a JSON array) each, well under any limit. */
const BATCH = 5000;

/** The data file's digest, as `catalogue_version` keeps it. */
export function catalogueDigest(): string {
  return createHash('sha256').update(catalogueFileBytes()).digest('hex');
}

/** The entry's main code without punctuation, upper case: what a code prefix is matched on. */
export function codeKey(entry: Pick<CatalogueEntry, 'kind' | 'codes'>): string {
  // A drug is found by its ATC code (J01CA04), not by its RxCUI, which no one types.
  const main =
    entry.kind === 'drug'
      ? (entry.codes.find((c) => c.system.endsWith('/atc')) ?? entry.codes[0])
      : entry.codes[0];
  return normaliseCode(main?.code ?? '');
}

/** A code as `code_key` holds it: letters and digits only, upper case ("e11.9" → "E119"). */
export function normaliseCode(code: string): string {
  return code.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/** What the words of a search are matched in: both names and every code, lower case. */
export function searchText(entry: CatalogueEntry): string {
  const parts = [entry.name, entry.name_th ?? ''];
  for (const code of entry.codes) parts.push(code.code, normaliseCode(code.code));
  return parts.join(' ').toLowerCase();
}

/**
 * Loads the data file into the table unless this file was loaded already. Runs inside the
 * migration's transaction (migrate.ts), under its lock. Returns whether it loaded.
 */
export async function loadCatalogue(tx: Pick<Db, 'execute'>): Promise<boolean> {
  // A migration's own test migrates only as far as the migration it tests.
  const [table] = await queryRows<{ found: string | null }>(
    tx,
    sql`select to_regclass('catalogue_version')::text as found`,
  );
  if (!table?.found) return false;
  const digest = catalogueDigest();
  const [current] = await queryRows<{ digest: string }>(
    tx,
    sql`select digest from catalogue_version`,
  );
  if (current?.digest === digest) return false;
  const entries = catalogueEntries();
  for (let start = 0; start < entries.length; start += BATCH) {
    const rows = entries.slice(start, start + BATCH).map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      name: entry.name,
      name_th: entry.name_th,
      codes: entry.codes,
      code_key: codeKey(entry),
      chapter: entry.chapter,
      block: entry.block,
      class_ids: entry.class_ids,
      common_rank: entry.common_rank,
      seed_code: entry.seed_code,
      search_text: searchText(entry),
    }));
    await tx.execute(sql`
      insert into catalogue_entry
        (id, kind, name, name_th, codes, code_key, chapter, block, class_ids, common_rank,
         seed_code, search_text)
      select r.id, r.kind, r.name, r.name_th, r.codes, r.code_key, r.chapter, r.block,
             coalesce(array(select jsonb_array_elements_text(r.class_ids)), '{}'),
             r.common_rank, r.seed_code, r.search_text
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        id text, kind text, name text, name_th text, codes jsonb, code_key text, chapter text,
        block text, class_ids jsonb, common_rank integer, seed_code text, search_text text)
      on conflict (id) do update set
        kind = excluded.kind, name = excluded.name, name_th = excluded.name_th,
        codes = excluded.codes, code_key = excluded.code_key, chapter = excluded.chapter,
        block = excluded.block, class_ids = excluded.class_ids,
        common_rank = excluded.common_rank, seed_code = excluded.seed_code,
        search_text = excluded.search_text`);
  }
  await tx.execute(sql`
    insert into catalogue_version (singleton, digest) values (true, ${digest})
    on conflict (singleton) do update set digest = excluded.digest, loaded_at = now()`);
  return true;
}
