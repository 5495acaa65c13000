-- The problem list and the allergy list (docs/api.md, "Problems and allergies"): one row per
-- entry, coded from the catalogues (`code`: a catalogue entry's id, as `icd:E11.9`; `seed_code`
-- the spec's own id the entry stands for, I001 or R003, kept with it for the spec's lists; an
-- allergy's `kind`, its substance's: drug, class, food, environment), changed only by resolving
-- or correcting it (entered-in-error, with a reason), never deleted. Every state an entry has
-- had is kept in clinical_list_change, written with the entry in the same transaction.
CREATE TABLE "patient_condition" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"entry_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" bigint NOT NULL REFERENCES "patient" ("id") ON DELETE cascade,
	"code" text NOT NULL,
	"seed_code" text,
	"onset_date" date,
	"clinical_status" text NOT NULL,
	"verification_status" text NOT NULL,
	"error_reason" text,
	"note" text,
	"recorded_by" bigint REFERENCES "employee" ("id"),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" bigint REFERENCES "employee" ("id"),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_condition_clinical_status" CHECK ("clinical_status" in ('active', 'recurrence', 'inactive', 'resolved')),
	CONSTRAINT "patient_condition_verification_status" CHECK ("verification_status" in ('confirmed', 'provisional', 'entered-in-error')),
	CONSTRAINT "patient_condition_error_reason" CHECK ("verification_status" <> 'entered-in-error' or "error_reason" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "patient_condition_entry_id_key" ON "patient_condition" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "patient_condition_patient" ON "patient_condition" USING btree ("patient_id", "id");--> statement-breakpoint
-- FHIR search by code across patients.
CREATE INDEX "patient_condition_code" ON "patient_condition" USING btree ("code");--> statement-breakpoint
CREATE TABLE "patient_allergy" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"entry_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" bigint NOT NULL REFERENCES "patient" ("id") ON DELETE cascade,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"seed_code" text,
	"reaction" text,
	"severity" text,
	"criticality" text,
	"onset_date" date,
	"clinical_status" text DEFAULT 'active' NOT NULL,
	"verification_status" text DEFAULT 'confirmed' NOT NULL,
	"error_reason" text,
	"recorded_by" bigint REFERENCES "employee" ("id"),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" bigint REFERENCES "employee" ("id"),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_allergy_kind" CHECK ("kind" in ('drug', 'class', 'food', 'environment')),
	CONSTRAINT "patient_allergy_severity" CHECK ("severity" in ('mild', 'moderate', 'severe')),
	CONSTRAINT "patient_allergy_criticality" CHECK ("criticality" in ('low', 'high', 'unable-to-assess')),
	CONSTRAINT "patient_allergy_clinical_status" CHECK ("clinical_status" in ('active', 'inactive', 'resolved')),
	CONSTRAINT "patient_allergy_verification_status" CHECK ("verification_status" in ('confirmed', 'unconfirmed', 'entered-in-error')),
	CONSTRAINT "patient_allergy_error_reason" CHECK ("verification_status" <> 'entered-in-error' or "error_reason" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "patient_allergy_entry_id_key" ON "patient_allergy" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "patient_allergy_patient" ON "patient_allergy" USING btree ("patient_id", "id");--> statement-breakpoint
CREATE INDEX "patient_allergy_code" ON "patient_allergy" USING btree ("code");--> statement-breakpoint
-- Each state an entry of either list had: its JSON as the list's answer gave it then, who
-- changed it and when (append-only, as the audit trail is).
CREATE TABLE "clinical_list_change" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"list" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"state" jsonb NOT NULL,
	"changed_by" bigint REFERENCES "employee" ("id"),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinical_list_change_list" CHECK ("list" in ('condition', 'allergy'))
);
--> statement-breakpoint
CREATE INDEX "clinical_list_change_entry" ON "clinical_list_change" USING btree ("entry_id", "id");--> statement-breakpoint
-- "No known allergies": who asked the patient and when. Null with no allergy listed: not yet
-- asked. A listed allergy clears it (its history stays in the audit trail).
ALTER TABLE "patient" ADD COLUMN "no_known_allergies_by" bigint REFERENCES "employee" ("id");--> statement-breakpoint
ALTER TABLE "patient" ADD COLUMN "no_known_allergies_at" timestamp with time zone;
