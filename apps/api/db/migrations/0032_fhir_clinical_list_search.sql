-- FHIR search of the problem and allergy lists (docs/fhir.md): Condition and AllergyIntolerance
-- page each source in row order, so a search by `code`, `clinical-status` or
-- `verification-status` across patients reads its matches in that order from an index instead
-- of walking every entry. (code, id) serves what the (code) index of 0026 did, which it replaces.
DROP INDEX IF EXISTS "patient_condition_code";--> statement-breakpoint
CREATE INDEX "patient_condition_code" ON "patient_condition" USING btree ("code", "id");--> statement-breakpoint
CREATE INDEX "patient_condition_clinical_status" ON "patient_condition" USING btree ("clinical_status", "id");--> statement-breakpoint
CREATE INDEX "patient_condition_verification_status" ON "patient_condition" USING btree ("verification_status", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "patient_allergy_code";--> statement-breakpoint
CREATE INDEX "patient_allergy_code" ON "patient_allergy" USING btree ("code", "id");--> statement-breakpoint
CREATE INDEX "patient_allergy_clinical_status" ON "patient_allergy" USING btree ("clinical_status", "id");--> statement-breakpoint
CREATE INDEX "patient_allergy_verification_status" ON "patient_allergy" USING btree ("verification_status", "id");--> statement-breakpoint
-- The patients whose allergy list says "no known allergies" (AllergyIntolerance 716186003), in
-- row order: few of all patients, walked without reading the others.
CREATE INDEX "patient_no_known_allergies" ON "patient" USING btree ("id") WHERE "no_known_allergies_at" IS NOT NULL;
