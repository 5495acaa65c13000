-- SMART Backend Services: the hospital's other systems, each registered by an administrator with
-- the public keys (JWKS) its signed assertions are checked against. A disabled client gets no
-- token and its tokens stop working at once (each bulk call looks it up).
CREATE TABLE "backend_client" (
	"client_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"jwks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
-- The assertions' jti seen until their exp: a second use of one is a replay. Swept once expired.
CREATE TABLE "backend_assertion_jti" (
	"client_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "backend_assertion_jti_pk" PRIMARY KEY("client_id","jti")
);--> statement-breakpoint
ALTER TABLE "backend_assertion_jti" ADD CONSTRAINT "backend_assertion_jti_client_id_backend_client_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."backend_client"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backend_assertion_jti_expires" ON "backend_assertion_jti" USING btree ("expires_at");--> statement-breakpoint
-- Bulk Data exports: one row per kick-off, so that any instance answers its status; the NDJSON
-- is kept in bulk_export_part (below), not on one instance's disk.
CREATE TABLE "bulk_export_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"request_url" text NOT NULL,
	"level" text NOT NULL,
	"types" text[] NOT NULL,
	"since" timestamp with time zone,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"progress" text,
	"error" text,
	"transaction_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bulk_export_job_level" CHECK ("bulk_export_job"."level" in ('system', 'patient')),
	CONSTRAINT "bulk_export_job_status" CHECK ("bulk_export_job"."status" in ('in-progress', 'completed', 'failed'))
);--> statement-breakpoint
ALTER TABLE "bulk_export_job" ADD CONSTRAINT "bulk_export_job_client_id_backend_client_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."backend_client"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One running export per client, on every instance at once (a second kick-off is a 429).
CREATE UNIQUE INDEX "bulk_export_job_running" ON "bulk_export_job" USING btree ("client_id") WHERE "bulk_export_job"."status" = 'in-progress';--> statement-breakpoint
CREATE INDEX "bulk_export_job_expires" ON "bulk_export_job" USING btree ("expires_at");--> statement-breakpoint
-- An export's output: each resource type's NDJSON in numbered parts of a bounded number of
-- lines, written as the export goes and read back one part at a time by the download.
CREATE TABLE "bulk_export_part" (
	"job_id" uuid NOT NULL,
	"type" text NOT NULL,
	"seq" integer NOT NULL,
	"lines" integer NOT NULL,
	"ndjson" text NOT NULL,
	CONSTRAINT "bulk_export_part_pk" PRIMARY KEY("job_id","type","seq")
);--> statement-breakpoint
ALTER TABLE "bulk_export_part" ADD CONSTRAINT "bulk_export_part_job_id_bulk_export_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_export_job"("id") ON DELETE cascade ON UPDATE no action;
