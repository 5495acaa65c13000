-- The name trigram indexes keep a pending list of at most 256 kB (TRIGRAM_PENDING_LIST_KB in
-- apps/api/src/db/schema.ts). New entries of a GIN index wait in its pending list, and every
-- search through the index reads that whole list until the entries are merged into the index:
-- when an insert takes the list past the limit, or when the table is vacuumed. With
-- PostgreSQL's default of 4 MB, at 1,000,000 patients a search by name fragments read up to 512
-- pages of it each time (docs/performance.md, "The two searches of issue 27"). The lists are
-- merged now, so the searches do not wait for the next vacuum.
ALTER INDEX "patient_names_trgm" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "employee_names_trgm" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
SELECT gin_clean_pending_list('patient_names_trgm'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('employee_names_trgm'::regclass);
