-- Prescriptions (docs/api.md, "Prescriptions"): one row per prescription of a catalogue drug
-- (`drug_code`: the catalogue's id, as `rxn:723`), how it is taken, for how long, how much is
-- dispensed and what the patient reads; the override reason given past an allergy or a
-- duplicate therapy; who prescribed it and when. A prescription is stopped with a reason (who
-- and when) or completes at `ends_at`; it is never deleted. The allergy and duplicate checks run
-- in the write's transaction with the patient's row locked, so prescriptions for one patient
-- are checked one after the other.
CREATE TABLE "medication_request" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"medication_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" bigint NOT NULL REFERENCES "patient" ("id"),
	"drug_code" text NOT NULL,
	"dose" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"route" text NOT NULL,
	"frequency" text NOT NULL,
	"duration_days" smallint NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"instructions" text NOT NULL,
	"override_reason" text,
	"status" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"stopped_by" bigint REFERENCES "employee" ("id"),
	"stopped_at" timestamp with time zone,
	"prescribed_by" bigint REFERENCES "employee" ("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "medication_request_status" CHECK ("status" in ('active', 'stopped')),
	CONSTRAINT "medication_request_stop_reason" CHECK (("status" = 'stopped') = ("stop_reason" is not null)),
	CONSTRAINT "medication_request_amounts" CHECK ("dose" > 0 and "quantity" > 0
		and "duration_days" between 1 and 365)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "medication_request_medication_id_key" ON "medication_request" USING btree ("medication_id");
--> statement-breakpoint
-- The chart's list, newest first, and the checks' read of a patient's active prescriptions.
CREATE INDEX "medication_request_patient" ON "medication_request" USING btree ("patient_id", "id" DESC);
--> statement-breakpoint
-- FHIR search by code and by date (authoredon) across patients.
CREATE INDEX "medication_request_drug_code" ON "medication_request" USING btree ("drug_code");
--> statement-breakpoint
CREATE INDEX "medication_request_created_at" ON "medication_request" USING btree ("created_at", "id");
--> statement-breakpoint
-- Nothing prescribed is deleted, and what was prescribed stays as it was: the only change is
-- stopping an active prescription once (status, reason, who and when).
CREATE FUNCTION medication_request_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'active' AND NEW.status = 'stopped'
    AND (NEW.id, NEW.medication_id, NEW.patient_id, NEW.drug_code, NEW.dose, NEW.unit, NEW.route,
      NEW.frequency, NEW.duration_days, NEW.quantity, NEW.instructions, NEW.override_reason,
      NEW.prescribed_by, NEW.created_at, NEW.ends_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.medication_id, OLD.patient_id, OLD.drug_code, OLD.dose,
      OLD.unit, OLD.route, OLD.frequency, OLD.duration_days, OLD.quantity, OLD.instructions,
      OLD.override_reason, OLD.prescribed_by, OLD.created_at, OLD.ends_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'medication_request is kept as it was prescribed';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER medication_request_kept BEFORE UPDATE OR DELETE ON medication_request
  FOR EACH ROW EXECUTE FUNCTION medication_request_is_kept();
