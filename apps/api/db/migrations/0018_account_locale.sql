ALTER TABLE "app_user" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_locale" CHECK ("app_user"."locale" in ('en', 'th'));