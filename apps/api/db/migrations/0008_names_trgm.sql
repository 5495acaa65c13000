-- Both names in one trigram index per table: a first AND last name search intersects the two
-- fragments inside the index instead of reading every row that matches the first (issue 15).
DROP INDEX "employee_first_name_trgm";--> statement-breakpoint
DROP INDEX "employee_last_name_trgm";--> statement-breakpoint
DROP INDEX "patient_first_name_trgm";--> statement-breakpoint
DROP INDEX "patient_last_name_trgm";--> statement-breakpoint
CREATE INDEX "employee_names_trgm" ON "employee" USING gin ("first_name" gin_trgm_ops,"last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patient_names_trgm" ON "patient" USING gin ("first_name" gin_trgm_ops,"last_name" gin_trgm_ops);