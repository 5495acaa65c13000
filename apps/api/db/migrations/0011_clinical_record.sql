-- The clinical record: who wrote each history entry and appointment and when (from the session;
-- null on rows written before, shown as a dash), and an appointment's stable id, clinician,
-- length, status, cancellation reason and reschedule link; an allergy's reaction and severity.
-- Existing appointments get an id and count as booked, 15 minutes, without a clinician.
ALTER TABLE "appointment" ADD COLUMN "appointment_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "clinician_id" bigint;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "duration_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "status" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "rescheduled_from" bigint;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "recorded_by" bigint;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_clinician_id_employee_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_rescheduled_from_appointment_id_fk" FOREIGN KEY ("rescheduled_from") REFERENCES "public"."appointment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_recorded_by_employee_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_status" CHECK ("appointment"."status" in ('booked', 'cancelled', 'fulfilled', 'noshow'));--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_duration" CHECK ("appointment"."duration_minutes" between 5 and 480);--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_cancel_reason" CHECK ("appointment"."status" <> 'cancelled' or "appointment"."cancel_reason" is not null);--> statement-breakpoint
-- The id in the cancel, reschedule and status calls' paths.
CREATE UNIQUE INDEX "appointment_appointment_id_key" ON "appointment" USING btree ("appointment_id");--> statement-breakpoint
-- A cancelled appointment has at most one replacement (the reschedule's link, read both ways).
CREATE UNIQUE INDEX "appointment_rescheduled_from_key" ON "appointment" USING btree ("rescheduled_from");--> statement-breakpoint
-- A clinician's day, all clinicians (the Today page's "all"): by date, then time.
CREATE INDEX "appointment_day" ON "appointment" USING btree ("date","time","id");--> statement-breakpoint
-- One clinician's day ("mine") and the busy check of a booking.
CREATE INDEX "appointment_clinician_day" ON "appointment" USING btree ("clinician_id","date","time") WHERE "appointment"."clinician_id" is not null;--> statement-breakpoint
ALTER TABLE "medical_history" ADD COLUMN "recorded_by" bigint;--> statement-breakpoint
ALTER TABLE "medical_history" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "medical_history" ADD CONSTRAINT "medical_history_recorded_by_employee_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_drug_allergy" ADD COLUMN "reaction" text;--> statement-breakpoint
ALTER TABLE "patient_drug_allergy" ADD COLUMN "severity" text;--> statement-breakpoint
ALTER TABLE "patient_drug_allergy" ADD CONSTRAINT "patient_drug_allergy_severity" CHECK ("patient_drug_allergy"."severity" in ('mild', 'moderate', 'severe'));
