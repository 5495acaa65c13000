-- The names lower-cased once, when written (generated columns), and the name trigram indexes
-- over them: a search by a name fragment (repositories/name-search.ts) is then
-- `first_name_lower LIKE lower('%fragment%')`, whose recheck of each match the index finds
-- compares bytes, where `first_name ILIKE '%fragment%'` lower-cased the name again at every
-- row it rechecked (most of a search's cost when thousands match: docs/performance.md). The
-- answers are the same: ILIKE is LIKE over lower() of both sides. Each table is rewritten once
-- (one ALTER TABLE for its two columns), under this migration's lock.
DROP INDEX "employee_names_trgm";--> statement-breakpoint
DROP INDEX "patient_names_trgm";--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "first_name_lower" text GENERATED ALWAYS AS (lower(first_name)) STORED,
  ADD COLUMN "last_name_lower" text GENERATED ALWAYS AS (lower(last_name)) STORED;--> statement-breakpoint
ALTER TABLE "patient" ADD COLUMN "first_name_lower" text GENERATED ALWAYS AS (lower(first_name)) STORED,
  ADD COLUMN "last_name_lower" text GENERATED ALWAYS AS (lower(last_name)) STORED;--> statement-breakpoint
CREATE INDEX "employee_names_trgm" ON "employee" USING gin ("first_name_lower" gin_trgm_ops,"last_name_lower" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "patient_names_trgm" ON "patient" USING gin ("first_name_lower" gin_trgm_ops,"last_name_lower" gin_trgm_ops) WITH (gin_pending_list_limit=256);
