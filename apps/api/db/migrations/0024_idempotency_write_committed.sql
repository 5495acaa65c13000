-- Whether the write an Idempotency-Key claims has committed: set in the write's own transaction
-- (with its audit event, repositories/audit.ts), so it stands or falls with the write. A claim
-- whose instance died after the write's commit and before its answer was kept is never taken
-- over by a retry: the retry is told the action was done, and nothing is written twice.
ALTER TABLE "idempotency_key" ADD COLUMN "write_committed" boolean NOT NULL DEFAULT false;
