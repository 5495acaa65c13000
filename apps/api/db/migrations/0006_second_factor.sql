-- Second factor (issue 17): encrypted TOTP secrets on app_user, hashed single-use recovery codes,
-- the one-time mfa_token of a login waiting for its code, and sessions limited to enrolment.
CREATE TABLE "mfa_challenge" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_code" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_recovery_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "mfa_secret" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "mfa_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "mfa_pending_secret" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "mfa_last_step" bigint;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "mfa_enrolment_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_challenge" ADD CONSTRAINT "mfa_challenge_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_recovery_code" ADD CONSTRAINT "mfa_recovery_code_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_challenge_token_hash" ON "mfa_challenge" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mfa_recovery_code_user" ON "mfa_recovery_code" USING btree ("user_id");