-- Usernames are stored in their one form (normaliseUsername in the contract: NFKC, one case
-- fold) and the unique index compares them as stored, instead of through SQL lower(), whose
-- answer depends on the database's locale and disagreed with the server's own lower case.
-- Registration has only ever taken letters, digits, dots, dashes, underscores and @, and for
-- those the one form is the ASCII lower case, written here with translate() so that no locale
-- enters. A database holding a name outside those characters (written by hand), or two accounts
-- whose names have one form, cannot be converted: the migration stops (and, in its transaction,
-- changes nothing) naming them, so that a person decides which account is renamed
-- (docs/operations.md, "Upgrading").
DO $$
DECLARE
  odd text;
  clashes text;
BEGIN
  SELECT string_agg(username, ', ' ORDER BY username) INTO odd
  FROM app_user WHERE username !~ '^[A-Za-z0-9._@-]+$';
  IF odd IS NOT NULL THEN
    RAISE EXCEPTION 'Usernames with characters other than letters, digits, dots, dashes, underscores or @: %', odd
      USING HINT = 'Rename these accounts in SQL (update app_user set username = ''…'' where '
        'username = ''…''), then start again.';
  END IF;
  SELECT string_agg(names, '; ') INTO clashes FROM (
    SELECT string_agg(username, ', ' ORDER BY username) AS names
    FROM app_user
    GROUP BY translate(username, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
    HAVING count(*) > 1
  ) duplicate;
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'Accounts whose usernames differ only in case: %', clashes
      USING HINT = 'Rename all but one account of each group in SQL (update app_user set '
        'username = ''…'' where username = ''…''), then start again.';
  END IF;
END;
$$;
--> statement-breakpoint
DROP INDEX "app_user_username_key";--> statement-breakpoint
UPDATE "app_user"
SET "username" = translate("username", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
WHERE "username" ~ '[A-Z]';--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_username_key" ON "app_user" USING btree ("username");--> statement-breakpoint
-- Every registration naming an activation code counts against it (the code locks after
-- ACTIVATION_CODE_MAX_ATTEMPTS); a reissued code is a new row and counts afresh.
ALTER TABLE "activation_code" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
