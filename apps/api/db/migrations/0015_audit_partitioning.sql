-- The audit trail partitioned by month (UTC) of occurred_at: a busy hospital writes a hundred
-- million events a month, so old months must be archivable one by one (admin archive-audit) and
-- the queries must not slow down as years pile up. The table is rebuilt as a partitioned table
-- with the same columns, indexes, check and append-only triggers; every row is copied, ids kept.
-- A partitioned table's primary key must hold the partition key, hence (id, occurred_at); ids
-- stay unique because only the identity sequence makes them (restores put back archived ids).
ALTER TABLE "audit_event" RENAME TO "audit_event_unpartitioned";
--> statement-breakpoint
ALTER SEQUENCE "audit_event_id_seq" RENAME TO "audit_event_unpartitioned_id_seq";
--> statement-breakpoint
ALTER INDEX "audit_event_pkey" RENAME TO "audit_event_unpartitioned_pkey";
--> statement-breakpoint
ALTER INDEX "audit_event_occurred_at" RENAME TO "audit_event_unpartitioned_occurred_at";
--> statement-breakpoint
ALTER INDEX "audit_event_actor" RENAME TO "audit_event_unpartitioned_actor";
--> statement-breakpoint
ALTER INDEX "audit_event_patient_record_ids" RENAME TO "audit_event_unpartitioned_patient_record_ids";
--> statement-breakpoint
CREATE TABLE "audit_event" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_username" text,
	"actor_role" text,
	"action" text NOT NULL,
	"record_type" text,
	"record_ids" text[],
	"address" text,
	"outcome" text NOT NULL,
	"request_id" text,
	CONSTRAINT "audit_event_id_occurred_at_pk" PRIMARY KEY ("id", "occurred_at"),
	CONSTRAINT "audit_event_outcome" CHECK ("audit_event"."outcome" in ('success', 'failure', 'denied'))
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
-- Indexes on the partitioned table are made on every partition, present and future.
CREATE INDEX "audit_event_occurred_at" ON "audit_event" USING btree ("occurred_at");
--> statement-breakpoint
CREATE INDEX "audit_event_actor" ON "audit_event" USING btree ("actor_user_id","occurred_at");
--> statement-breakpoint
CREATE INDEX "audit_event_patient_record_ids" ON "audit_event" USING gin ("record_ids") WHERE "audit_event"."record_type" = 'patient';
--> statement-breakpoint
-- Row triggers on a partitioned table are cloned onto every partition (also one attached later),
-- so an UPDATE or DELETE aimed at a partition directly is refused as well.
CREATE TRIGGER audit_event_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_is_append_only();
--> statement-breakpoint
-- A statement trigger is not cloned: TRUNCATE of a partition fires only the partition's own
-- triggers, so each partition gets one (audit_event_guard_partition below).
CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_is_append_only();
--> statement-breakpoint
CREATE FUNCTION audit_event_guard_partition(partition regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger
                 WHERE tgrelid = partition AND tgname = 'audit_event_no_truncate') THEN
    EXECUTE format('CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON %s
                    FOR EACH STATEMENT EXECUTE FUNCTION audit_event_is_append_only()', partition);
  END IF;
END;
$$;
--> statement-breakpoint
-- Whatever no month's partition takes (a clock far off, a month not made ahead) lands here, so
-- that writing an audit event never fails for want of a partition.
CREATE TABLE "audit_event_default" PARTITION OF "audit_event" DEFAULT;
--> statement-breakpoint
SELECT audit_event_guard_partition('audit_event_default');
--> statement-breakpoint
-- The partition of the month (UTC) that starts on `month`: audit_event_y2026m01 and so on.
CREATE FUNCTION audit_event_partition_name(month date) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT 'audit_event_' || to_char(date_trunc('month', month), '"y"YYYY"m"MM')
$$;
--> statement-breakpoint
-- Makes the partition of the month that holds `month`, unless it exists; true when it made it.
-- Rows of that month already in the default partition are moved into the new one (ATTACH would
-- refuse otherwise); that move is the one delete the append-only trigger lets through, done by
-- disabling it for this transaction's statement only: the rows are not lost but rehomed.
-- The caller holds the partition lock (audit_event_ensure_partitions).
CREATE FUNCTION audit_event_make_partition(month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month)::date;
  lower_bound timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
  upper_bound timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
  name text := audit_event_partition_name(first_day);
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN false;
  END IF;
  IF EXISTS (SELECT 1 FROM audit_event_default
             WHERE occurred_at >= lower_bound AND occurred_at < upper_bound) THEN
    EXECUTE format('CREATE TABLE %I (LIKE audit_event INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
    EXECUTE format('INSERT INTO %I SELECT * FROM audit_event_default
                    WHERE occurred_at >= %L AND occurred_at < %L', name, lower_bound, upper_bound);
    ALTER TABLE audit_event_default DISABLE TRIGGER audit_event_no_update_or_delete;
    DELETE FROM audit_event_default WHERE occurred_at >= lower_bound AND occurred_at < upper_bound;
    ALTER TABLE audit_event_default ENABLE TRIGGER audit_event_no_update_or_delete;
    EXECUTE format('ALTER TABLE audit_event ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
                   name, lower_bound, upper_bound);
  ELSE
    EXECUTE format('CREATE TABLE %I PARTITION OF audit_event FOR VALUES FROM (%L) TO (%L)',
                   name, lower_bound, upper_bound);
  END IF;
  PERFORM audit_event_guard_partition(name::regclass);
  RETURN true;
END;
$$;
--> statement-breakpoint
-- This month's partition and the next `ahead` months', made by the server at start and daily and
-- by the admin tool. Instances may call it at once: the first to find one missing takes a
-- transaction-level advisory lock, the others wait for it and then find the partitions made.
-- Returns how many it made.
CREATE FUNCTION audit_event_ensure_partitions(ahead integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  this_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  made integer := 0;
  i integer;
BEGIN
  IF ahead < 0 THEN
    RAISE EXCEPTION 'ahead must be 0 or more';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM generate_series(0, ahead) AS s(i)
                 WHERE to_regclass(audit_event_partition_name((this_month + make_interval(months => s.i))::date)) IS NULL) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(715202612);
  FOR i IN 0..ahead LOOP
    IF audit_event_make_partition((this_month + make_interval(months => i))::date) THEN
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END;
$$;
--> statement-breakpoint
-- Every month that holds rows gets its partition before the rows are copied, so none lands in
-- the default partition; then this month and the next three.
SELECT audit_event_make_partition(month::date)
FROM (SELECT DISTINCT date_trunc('month', occurred_at AT TIME ZONE 'UTC') AS month
      FROM audit_event_unpartitioned) months;
--> statement-breakpoint
SELECT audit_event_ensure_partitions(3);
--> statement-breakpoint
INSERT INTO "audit_event" OVERRIDING SYSTEM VALUE
SELECT "id", "occurred_at", "actor_user_id", "actor_username", "actor_role", "action",
       "record_type", "record_ids", "address", "outcome", "request_id"
FROM "audit_event_unpartitioned";
--> statement-breakpoint
-- The next id follows the last one copied.
SELECT setval(pg_get_serial_sequence('audit_event', 'id'),
              coalesce((SELECT max(id) FROM audit_event_unpartitioned), 1),
              (SELECT count(*) > 0 FROM audit_event_unpartitioned));
--> statement-breakpoint
DROP TABLE "audit_event_unpartitioned";
