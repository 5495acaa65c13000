-- A patient's own contact changes, kept as a short history for the chart (which fields, who,
-- when), and a refused access request's refusal (who, when, why) beside the two-person rule's
-- columns of migration 0010.
CREATE TABLE "patient_contact_change" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_contact_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"fields" text[] NOT NULL,
	"changed_by" uuid,
	"changed_by_role" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_contact_change" ADD CONSTRAINT "patient_contact_change_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_contact_change" ADD CONSTRAINT "patient_contact_change_changed_by_app_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_contact_change_patient" ON "patient_contact_change" USING btree ("patient_id","id");--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "access_refused_by" uuid;--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "access_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "access_refusal_reason" text;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_access_refused_by_app_user_id_fk" FOREIGN KEY ("access_refused_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
