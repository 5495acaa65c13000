-- FHIR search of appointments and their visits by status (Appointment?status=noshow,
-- Encounter?status=cancelled; docs/fhir.md): the pages walk the rows in id order, so a status
-- that few appointments have is read in that order from this index instead of every row.
CREATE INDEX "appointment_status" ON "appointment" USING btree ("status", "id");
