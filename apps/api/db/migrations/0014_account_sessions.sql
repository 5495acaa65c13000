-- My account lists a person's open sessions: the browser and address each was opened from, and
-- when it was last renewed (renewal, not every request, moves it).
ALTER TABLE "session" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;