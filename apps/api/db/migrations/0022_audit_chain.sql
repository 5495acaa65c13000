-- The audit trail as a SHA-256 chain, so that an event edited, deleted or slipped in by SQL is
-- found (admin verify-audit, repositories/audit-chain.ts). Each statement that writes events
-- seals them as one batch: the digest of the events' canonical form (audit_event_canonical, in
-- id order) and hash = sha256(previous batch's hash || digest). The head row holds the last
-- batch's number and hash; updating it in the writing transaction serialises the batches of every
-- instance and keeps the chain in commit order. Batches are kept when their month's partition
-- is archived, so the chain stays checkable across archives.
CREATE FUNCTION audit_chain_field(value text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT coalesce(octet_length(value)::text || ':' || value, '-')
$$;
--> statement-breakpoint
-- Each field as its length in bytes, a colon and its text ('-' for null); the event's fields in
-- column order; record_ids as its element count, '[', its elements so written, ']'. Computed the
-- same way by verify-audit from the raw columns.
CREATE FUNCTION audit_event_canonical(e audit_event) RETURNS text STABLE LANGUAGE sql AS $$
  SELECT audit_chain_field(e.id::text)
    || audit_chain_field(to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
    || audit_chain_field(e.actor_user_id::text) || audit_chain_field(e.actor_username)
    || audit_chain_field(e.actor_role) || audit_chain_field(e.action)
    || audit_chain_field(e.record_type)
    || coalesce(cardinality(e.record_ids)::text || '['
         || coalesce((SELECT string_agg(audit_chain_field(x), '' ORDER BY o)
                      FROM unnest(e.record_ids) WITH ORDINALITY u(x, o)), '') || ']', '-')
    || audit_chain_field(e.address) || audit_chain_field(e.outcome)
    || audit_chain_field(e.request_id)
$$;
--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
  "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
  "seq" bigint NOT NULL,
  "hash" bytea NOT NULL
);
--> statement-breakpoint
INSERT INTO "audit_chain_head" ("seq", "hash") VALUES (0, decode(repeat('00', 32), 'hex'));
--> statement-breakpoint
CREATE TABLE "audit_chain_batch" (
  "seq" bigint PRIMARY KEY,
  "sealed_at" timestamp with time zone NOT NULL DEFAULT clock_timestamp(),
  "first_at" timestamp with time zone NOT NULL,
  "last_at" timestamp with time zone NOT NULL,
  "event_ids" bigint[] NOT NULL,
  "digest" bytea NOT NULL,
  "hash" bytea NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_chain_batch_last_at" ON "audit_chain_batch" USING btree ("last_at");
--> statement-breakpoint
CREATE INDEX "audit_chain_batch_first_at" ON "audit_chain_batch" USING btree ("first_at");
--> statement-breakpoint
CREATE TRIGGER audit_chain_batch_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_chain_batch
  FOR EACH ROW EXECUTE FUNCTION audit_event_is_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_chain_batch_no_truncate BEFORE TRUNCATE ON audit_chain_batch
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_is_append_only();
--> statement-breakpoint
-- What each verification checked and found: the patient's access log says when its period was
-- last found intact.
CREATE TABLE "audit_chain_verification" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "verified_at" timestamp with time zone NOT NULL DEFAULT now(),
  "from_seq" bigint NOT NULL,
  "through_seq" bigint NOT NULL,
  "from_at" timestamp with time zone NOT NULL,
  "through_at" timestamp with time zone NOT NULL,
  "ok" boolean NOT NULL,
  "first_bad_seq" bigint
);
--> statement-breakpoint
CREATE INDEX "audit_chain_verification_through_at" ON "audit_chain_verification" USING btree ("through_at");
--> statement-breakpoint
-- The events written before the chain existed: one first batch.
WITH d AS (
  SELECT sha256(convert_to(string_agg(audit_event_canonical(e), '' ORDER BY e.id, e.occurred_at), 'UTF8')) AS digest,
         array_agg(e.id ORDER BY e.id, e.occurred_at) AS ids,
         min(e.occurred_at) AS first_at, max(e.occurred_at) AS last_at
  FROM audit_event e),
h AS (UPDATE audit_chain_head SET seq = seq + 1, hash = sha256(hash || (SELECT digest FROM d))
      WHERE (SELECT ids FROM d) IS NOT NULL RETURNING seq, hash)
INSERT INTO audit_chain_batch (seq, first_at, last_at, event_ids, digest, hash)
SELECT h.seq, d.first_at, d.last_at, d.ids, d.digest, h.hash FROM h, d;
