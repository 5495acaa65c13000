-- Issue 15: a 1–2 letter name fragment matches the start of the name (the trigram index has
-- nothing to look up in so short a fragment), through these btree indexes on the lower-cased
-- name; text_pattern_ops lets LIKE 'so%' use them whatever the collation.
CREATE INDEX "employee_first_name_prefix" ON "employee" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employee_last_name_prefix" ON "employee" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patient_first_name_prefix" ON "patient" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patient_last_name_prefix" ON "patient" USING btree (lower("last_name") text_pattern_ops);