CREATE TABLE "activation_code" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activation_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint,
	"employee_id" bigint,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activation_code_subject" CHECK (num_nonnulls("activation_code"."patient_id", "activation_code"."employee_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"patient_id" bigint,
	"employee_id" bigint,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_role" CHECK ("app_user"."role" in ('patient', 'HR', 'medical_personnel')),
	CONSTRAINT "app_user_subject" CHECK (("app_user"."role" = 'patient' and "app_user"."patient_id" is not null and "app_user"."employee_id" is null) or ("app_user"."role" <> 'patient' and "app_user"."employee_id" is not null and "app_user"."patient_id" is null))
);
--> statement-breakpoint
CREATE TABLE "appointment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"date" date NOT NULL,
	"time" time NOT NULL,
	"topic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	CONSTRAINT "audit_event_outcome" CHECK ("audit_event"."outcome" in ('success', 'failure', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "department" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disease" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drug" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employee_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"position_id" text,
	"phone_number" text NOT NULL,
	"salary" integer NOT NULL,
	"email" text NOT NULL,
	"hire_date" date NOT NULL,
	"resignation_date" date,
	"work_status" text DEFAULT 'yes' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_work_status" CHECK ("employee"."work_status" in ('yes', 'no')),
	CONSTRAINT "employee_resignation" CHECK (("employee"."work_status" = 'yes' or "employee"."resignation_date" is not null) and ("employee"."resignation_date" is null or "employee"."resignation_date" >= "employee"."hire_date")),
	CONSTRAINT "employee_salary" CHECK ("employee"."salary" >= 0)
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "medical_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "medical_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"date" date NOT NULL,
	"time" time NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age" integer NOT NULL,
	"date_of_birth" date NOT NULL,
	"gender" text NOT NULL,
	"blood_type" text,
	"email" text NOT NULL,
	"health_insurance" text NOT NULL,
	"address" text,
	"phone_number" text NOT NULL,
	"id_card_number" text NOT NULL,
	"ongoing_treatment" text NOT NULL,
	"unhealthy_habits" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_age_range" CHECK ("patient"."age" between 1 and 120),
	CONSTRAINT "patient_gender" CHECK ("patient"."gender" in ('male', 'female')),
	CONSTRAINT "patient_blood_type" CHECK ("patient"."blood_type" in ('A', 'B', 'AB', 'O')),
	CONSTRAINT "patient_health_insurance" CHECK ("patient"."health_insurance" in ('yes', 'no'))
);
--> statement-breakpoint
CREATE TABLE "patient_chronic_disease" (
	"patient_id" bigint NOT NULL,
	"disease_id" text NOT NULL,
	CONSTRAINT "patient_chronic_disease_patient_id_disease_id_pk" PRIMARY KEY("patient_id","disease_id")
);
--> statement-breakpoint
CREATE TABLE "patient_drug_allergy" (
	"patient_id" bigint NOT NULL,
	"drug_id" text NOT NULL,
	CONSTRAINT "patient_drug_allergy_patient_id_drug_id_pk" PRIMARY KEY("patient_id","drug_id")
);
--> statement-breakpoint
CREATE TABLE "position" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"department_id" text NOT NULL,
	"portal_role" text
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "activation_code" ADD CONSTRAINT "activation_code_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_code" ADD CONSTRAINT "activation_code_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_code" ADD CONSTRAINT "activation_code_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_employee_id_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_position_id_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."position"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history" ADD CONSTRAINT "medical_history_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_chronic_disease" ADD CONSTRAINT "patient_chronic_disease_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_chronic_disease" ADD CONSTRAINT "patient_chronic_disease_disease_id_disease_id_fk" FOREIGN KEY ("disease_id") REFERENCES "public"."disease"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_drug_allergy" ADD CONSTRAINT "patient_drug_allergy_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_drug_allergy" ADD CONSTRAINT "patient_drug_allergy_drug_id_drug_id_fk" FOREIGN KEY ("drug_id") REFERENCES "public"."drug"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_department_id_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_code_patient" ON "activation_code" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "activation_code_employee" ON "activation_code" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_username_key" ON "app_user" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_patient_key" ON "app_user" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_employee_key" ON "app_user" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "appointment_latest" ON "appointment" USING btree ("patient_id","date" DESC NULLS LAST,"time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_event_occurred_at" ON "audit_event" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_event_actor" ON "audit_event" USING btree ("actor_user_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_employee_id_key" ON "employee" USING btree ("employee_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employee_first_name_trgm" ON "employee" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employee_last_name_trgm" ON "employee" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_history_patient" ON "medical_history" USING btree ("patient_id","date" DESC NULLS LAST,"time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "patient_patient_id_key" ON "patient" USING btree ("patient_id" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "patient_id_card_number_key" ON "patient" USING btree ("id_card_number");--> statement-breakpoint
CREATE INDEX "patient_first_name_trgm" ON "patient" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patient_last_name_trgm" ON "patient" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "session_user_open" ON "session" USING btree ("user_id") WHERE "session"."revoked_at" is null;