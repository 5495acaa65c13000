-- FHIR search by birth date (Patient?birthdate=…): a rare match is read from this index
-- instead of every patient.
CREATE INDEX "patient_date_of_birth" ON "patient" USING btree ("date_of_birth");
