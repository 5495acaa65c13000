-- The coded catalogues (docs/reference-codes.md): diagnoses (ICD-10), drugs as ingredients
-- (RxNorm, ATC), drug classes (ATC), foods and environmental substances (SNOMED CT). Rows come
-- from the generated data file apps/api/src/catalogues/data/, loaded by the server after the
-- migrations whenever the file's digest differs from `catalogue_version`'s (loader.ts): the
-- rows are reference data, never written by a request.
-- `code_key` is the entry's main code without punctuation, upper case ("E119", "J01CA04"), for
-- searches by code prefix; `search_text` holds the names in both languages and every code, in
-- lower case, for searches by words (a trigram index: it finds a word's start in Thai too,
-- which has no spaces between words). `class_ids` are a drug's ATC classes (level 2 to 4) by
-- catalogue id; `seed_code` the spec's own id (I001, R003) an entry stands for.
CREATE TABLE "catalogue_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_th" text,
	"codes" jsonb NOT NULL,
	"code_key" text NOT NULL,
	"chapter" text,
	"block" text,
	"class_ids" text[] DEFAULT '{}' NOT NULL,
	"common_rank" integer,
	"seed_code" text UNIQUE,
	"search_text" text NOT NULL,
	CONSTRAINT "catalogue_entry_kind" CHECK ("kind" in ('condition', 'drug', 'class', 'food', 'environment'))
);
--> statement-breakpoint
CREATE INDEX "catalogue_entry_code_key" ON "catalogue_entry" USING btree ("kind", "code_key" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "catalogue_entry_search_trgm" ON "catalogue_entry" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "catalogue_entry_common" ON "catalogue_entry" USING btree ("kind", "common_rank") WHERE "common_rank" IS NOT NULL;
--> statement-breakpoint
-- Which data file the rows came from: its SHA-256, so that a start loads a new file once.
CREATE TABLE "catalogue_version" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("singleton"),
	"digest" text NOT NULL,
	"loaded_at" timestamptz DEFAULT now() NOT NULL
);
