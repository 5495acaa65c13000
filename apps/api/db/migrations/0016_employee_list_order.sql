-- HR's employee table: sorted by name or hire date, a page is read from an index in order;
-- the position, department (through its positions) and work-status filters find their rows.
CREATE INDEX "employee_name_order" ON "employee" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "employee_hire_date_order" ON "employee" USING btree ("hire_date","id");--> statement-breakpoint
CREATE INDEX "employee_position" ON "employee" USING btree ("position_id","id");--> statement-breakpoint
CREATE INDEX "employee_work_status" ON "employee" USING btree ("work_status","id");