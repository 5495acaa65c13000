CREATE TABLE "appointment_status_change" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_status_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"appointment_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"changed_by" bigint,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome_recorded_by" bigint,
	"outcome_recorded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointment" DROP CONSTRAINT "appointment_cancel_reason";--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "staff_note" text;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "outcome_recorded_by" bigint;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "outcome_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_status_change" ADD CONSTRAINT "appointment_status_change_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_change" ADD CONSTRAINT "appointment_status_change_changed_by_employee_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_change" ADD CONSTRAINT "appointment_status_change_outcome_recorded_by_employee_id_fk" FOREIGN KEY ("outcome_recorded_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_status_change_appointment" ON "appointment_status_change" USING btree ("appointment_id","id");--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_outcome_recorded_by_employee_id_fk" FOREIGN KEY ("outcome_recorded_by") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_cancel_reason" CHECK ("appointment"."status" <> 'cancelled' or "appointment"."cancel_reason" is not null or "appointment"."staff_note" is not null);