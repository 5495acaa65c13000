-- The visit's vital signs and signed notes (docs/api.md). A set of vital signs holds any of the
-- measurements (at least one), when they were taken, and who recorded them when. Values are
-- checked against the contract's plausible limits before they reach here; the checks below
-- keep the columns within the same bounds whatever writes them.
CREATE TABLE "vital_signs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"vital_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" bigint NOT NULL REFERENCES "patient" ("id"),
	"taken_at" timestamp with time zone NOT NULL,
	"systolic" smallint,
	"diastolic" smallint,
	"pulse" smallint,
	"respiratory_rate" smallint,
	"temperature_c" numeric(4, 1),
	"spo2" smallint,
	"weight_kg" numeric(5, 1),
	"height_cm" numeric(4, 1),
	"recorded_by" bigint REFERENCES "employee" ("id"),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vital_signs_some_value" CHECK (num_nonnulls("systolic", "diastolic", "pulse",
		"respiratory_rate", "temperature_c", "spo2", "weight_kg", "height_cm") > 0),
	CONSTRAINT "vital_signs_blood_pressure" CHECK (("systolic" is null) = ("diastolic" is null)
		and ("systolic" is null or "diastolic" < "systolic")),
	CONSTRAINT "vital_signs_bounds" CHECK ("systolic" between 40 and 300
		and "diastolic" between 20 and 200 and "pulse" between 20 and 300
		and "respiratory_rate" between 2 and 80 and "temperature_c" between 25 and 45
		and "spo2" between 40 and 100 and "weight_kg" between 0.5 and 500
		and "height_cm" between 20 and 272)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vital_signs_vital_id_key" ON "vital_signs" USING btree ("vital_id");
--> statement-breakpoint
-- The chart's list and the trend: one patient's sets, most recently taken first.
CREATE INDEX "vital_signs_patient" ON "vital_signs" USING btree ("patient_id", "taken_at" DESC, "id" DESC);
--> statement-breakpoint
-- A signed note: its text, the appointment it belongs to (or none), its author and the time
-- and hash of the signature. Entered in error: the reason, who and when; the note stays.
CREATE TABLE "clinical_note" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"note_id" uuid NOT NULL,
	"patient_id" bigint NOT NULL REFERENCES "patient" ("id"),
	"appointment_id" bigint REFERENCES "appointment" ("id"),
	"text" text NOT NULL,
	"signed_by" bigint REFERENCES "employee" ("id"),
	"signed_at" timestamp with time zone NOT NULL,
	"content_hash" text NOT NULL,
	"status" text DEFAULT 'current' NOT NULL,
	"error_reason" text,
	"error_by" bigint REFERENCES "employee" ("id"),
	"error_at" timestamp with time zone,
	CONSTRAINT "clinical_note_status" CHECK ("status" in ('current', 'entered-in-error')),
	CONSTRAINT "clinical_note_error_reason" CHECK (("status" = 'entered-in-error') = ("error_reason" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clinical_note_note_id_key" ON "clinical_note" USING btree ("note_id");
--> statement-breakpoint
CREATE INDEX "clinical_note_patient" ON "clinical_note" USING btree ("patient_id", "id" DESC);
--> statement-breakpoint
-- An addendum: a note's amendment, signed by its own author.
CREATE TABLE "clinical_note_addendum" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"addendum_id" uuid NOT NULL,
	"note_id" bigint NOT NULL REFERENCES "clinical_note" ("id"),
	"text" text NOT NULL,
	"signed_by" bigint REFERENCES "employee" ("id"),
	"signed_at" timestamp with time zone NOT NULL,
	"content_hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clinical_note_addendum_addendum_id_key" ON "clinical_note_addendum" USING btree ("addendum_id");
--> statement-breakpoint
CREATE INDEX "clinical_note_addendum_note" ON "clinical_note_addendum" USING btree ("note_id", "id");
--> statement-breakpoint
-- What is signed stays as it was signed: the database refuses to delete a note, an addendum or
-- a set of vital signs, to change an addendum or a set, and to change a note in any way but
-- marking it entered in error once (status, reason, who and when; nothing signed).
CREATE FUNCTION clinical_record_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'clinical_note'
    AND OLD.status = 'current' AND NEW.status = 'entered-in-error'
    AND (NEW.id, NEW.note_id, NEW.patient_id, NEW.appointment_id, NEW.text, NEW.signed_by,
      NEW.signed_at, NEW.content_hash)
      IS NOT DISTINCT FROM (OLD.id, OLD.note_id, OLD.patient_id, OLD.appointment_id, OLD.text,
      OLD.signed_by, OLD.signed_at, OLD.content_hash)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is kept as it was signed', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clinical_note_kept BEFORE UPDATE OR DELETE ON clinical_note
  FOR EACH ROW EXECUTE FUNCTION clinical_record_is_kept();
--> statement-breakpoint
CREATE TRIGGER clinical_note_addendum_kept BEFORE UPDATE OR DELETE ON clinical_note_addendum
  FOR EACH ROW EXECUTE FUNCTION clinical_record_is_kept();
--> statement-breakpoint
CREATE TRIGGER vital_signs_kept BEFORE UPDATE OR DELETE ON vital_signs
  FOR EACH ROW EXECUTE FUNCTION clinical_record_is_kept();
