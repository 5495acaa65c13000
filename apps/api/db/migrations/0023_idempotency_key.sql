-- The Idempotency-Key of each account's recent writes (docs/api.md): the first answer, kept to
-- be answered again to a retry, then dropped once expired. `key_hash` is a digest of the
-- client's key; `body` is the answer encrypted with the server's key (it may hold a new
-- activation code); `status` is null while the first request is still being handled, and
-- `locked_until` lets a retry take over a claim whose instance died before answering.
CREATE TABLE "idempotency_key" (
	"account_id" uuid NOT NULL REFERENCES "app_user" ("id") ON DELETE CASCADE,
	"key_hash" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"content_type" text,
	"location" text,
	"body" text,
	"locked_until" timestamptz NOT NULL,
	"expires_at" timestamptz NOT NULL,
	PRIMARY KEY ("account_id", "key_hash")
);
--> statement-breakpoint
CREATE INDEX "idempotency_key_expires_at" ON "idempotency_key" USING btree ("expires_at");
