-- "Who opened my record" (issue 13): a patient's audit events are found by the id in record_ids.
-- GIN, since record_ids is an array; partial, since only patient events are looked up this way.
CREATE INDEX "audit_event_patient_record_ids" ON "audit_event" USING gin ("record_ids") WHERE "audit_event"."record_type" = 'patient';