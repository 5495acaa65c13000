-- Clinic hours (docs/api.md): each clinician's weekly sessions (the day, 1 = Monday … 7,
-- the hours, the slot length, the department), dated exceptions (the whole day, or the hours
-- given) and leave (whole hospital days). A schedule is replaced whole by HR's PUT; a leave is
-- never deleted: withdrawing it records when and by whom.
CREATE TABLE "clinician_session" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"employee_id" bigint NOT NULL REFERENCES "employee" ("id") ON DELETE CASCADE,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"slot_minutes" integer NOT NULL,
	"department_id" text REFERENCES "department" ("id"),
	CONSTRAINT "clinician_session_weekday" CHECK ("weekday" BETWEEN 1 AND 7),
	CONSTRAINT "clinician_session_hours" CHECK ("end_time" > "start_time"),
	CONSTRAINT "clinician_session_slot" CHECK ("slot_minutes" BETWEEN 5 AND 240)
);
--> statement-breakpoint
CREATE INDEX "clinician_session_employee" ON "clinician_session" USING btree ("employee_id", "weekday", "start_time");
--> statement-breakpoint
CREATE INDEX "clinician_session_department" ON "clinician_session" USING btree ("department_id") WHERE "department_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "clinician_schedule_exception" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"employee_id" bigint NOT NULL REFERENCES "employee" ("id") ON DELETE CASCADE,
	"date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	CONSTRAINT "clinician_schedule_exception_hours" CHECK (
		("start_time" IS NULL AND "end_time" IS NULL)
		OR ("start_time" IS NOT NULL AND "end_time" IS NOT NULL AND "end_time" > "start_time"))
);
--> statement-breakpoint
CREATE INDEX "clinician_schedule_exception_employee" ON "clinician_schedule_exception" USING btree ("employee_id", "date");
--> statement-breakpoint
CREATE TABLE "clinician_leave" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"leave_id" uuid NOT NULL DEFAULT gen_random_uuid(),
	"employee_id" bigint NOT NULL REFERENCES "employee" ("id") ON DELETE CASCADE,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"note" text,
	"recorded_by" bigint REFERENCES "employee" ("id"),
	"recorded_at" timestamptz NOT NULL DEFAULT now(),
	"withdrawn_by" bigint REFERENCES "employee" ("id"),
	"withdrawn_at" timestamptz,
	CONSTRAINT "clinician_leave_dates" CHECK ("to_date" >= "from_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clinician_leave_leave_id_key" ON "clinician_leave" USING btree ("leave_id");
--> statement-breakpoint
CREATE INDEX "clinician_leave_employee" ON "clinician_leave" USING btree ("employee_id", "from_date") WHERE "withdrawn_at" IS NULL;
