-- Two-person rule for portal access: a new or changed employee whose position gives a portal
-- role (clinical or HR) gets it only once a second HR person approves. access_role is the role
-- that was approved; the employee's account uses its position's role only while the two agree.
-- Who asked (the HR person whose add or change needs the approval) and who approved are kept
-- beside it; approved_by is null when the admin tool approved.
ALTER TABLE "employee" ADD COLUMN "access_role" text;--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "access_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "access_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "access_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "access_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_access_requested_by_app_user_id_fk" FOREIGN KEY ("access_requested_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_access_approved_by_app_user_id_fk" FOREIGN KEY ("access_approved_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Employees working in a position with portal access before this rule keep it: they count as
-- approved (by no one: the deployment's history is their approval), so nobody is shut out.
UPDATE "employee" e SET "access_role" = pos."portal_role", "access_approved_at" = now()
  FROM "position" pos
  WHERE pos."id" = e."position_id" AND pos."portal_role" IS NOT NULL AND e."work_status" = 'yes';--> statement-breakpoint
-- The HR app lists what waits for approval; few rows do, so a partial index keeps that cheap.
CREATE INDEX "employee_access_requested" ON "employee" USING btree ("access_requested_at") WHERE "access_requested_at" IS NOT NULL AND "access_approved_at" IS NULL;
