-- ID card numbers are unique without regard to case (issue 10): `ab-1234` and `AB-1234` are one
-- card. They are kept as typed; the unique index compares them lower-cased. A database that
-- already holds two patients whose numbers differ only in case cannot get the index: the
-- migration stops (and, in its transaction, changes nothing) naming the patients, so that a
-- person decides which record holds the right number (docs/operations.md, "Upgrading").
DO $$
DECLARE
  clashes text;
BEGIN
  SELECT string_agg(ids, '; ') INTO clashes FROM (
    SELECT string_agg(patient_id, ', ' ORDER BY patient_id) AS ids
    FROM patient GROUP BY lower(id_card_number) HAVING count(*) > 1
  ) duplicate;
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'Patients share an ID card number that differs only in case: %', clashes
      USING HINT = 'Correct the ID card number of all but one patient of each group (with the '
        'previous release''s Edit Patient page, or in SQL: update patient set id_card_number = '
        '''…'' where patient_id = ''…''), then start again.';
  END IF;
END;
$$;
--> statement-breakpoint
DROP INDEX "patient_id_card_number_key";--> statement-breakpoint
CREATE UNIQUE INDEX "patient_id_card_number_key" ON "patient" USING btree (lower("id_card_number"));
