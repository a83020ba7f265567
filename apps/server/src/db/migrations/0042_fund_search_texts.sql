-- hand-written
-- A fund's searched text (its lowered name and story, 0039 and 0041) moves off the fund's
-- row into a table of its own, with its trigram index (decision 483). Every recorded
-- donation updates its fund's row, and an update that cannot stay on the row's page (not
-- HOT: under a burst of donations to one fund, one in 7 to 15, the page held by the
-- statements waiting for the row) writes every index of the row again: the trigram index
-- then read the whole story into trigrams once more (a 5,000-character story in Bangla:
-- about 1 ms, 5 % of PostgreSQL's work in `bench:donations`). The recording of a donation
-- never writes this table; the name and the story keep it, as they kept the column.
CREATE TABLE "fund_search_texts" (
  "fund_id" uuid PRIMARY KEY NOT NULL REFERENCES "funds"("id") ON DELETE CASCADE,
  "search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "fund_search_texts" ("fund_id", "search_text")
  SELECT "id", lower("name" || E'\n' || "description") FROM "funds";
--> statement-breakpoint
CREATE INDEX "fund_search_texts_trgm_idx" ON "fund_search_texts" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP TRIGGER "funds_search_text" ON "funds";
--> statement-breakpoint
-- Its index goes with it.
ALTER TABLE "funds" DROP COLUMN "search_text";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION funds_search_text() RETURNS trigger AS $$
BEGIN
  INSERT INTO fund_search_texts (fund_id, search_text)
    VALUES (NEW.id, lower(NEW.name || E'\n' || NEW.description))
    ON CONFLICT (fund_id) DO UPDATE SET search_text = excluded.search_text
    WHERE fund_search_texts.search_text IS DISTINCT FROM excluded.search_text;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- After the fund's row is written (its key then exists); only a statement that writes the
-- name or the story (or a new fund) fires it, never the recording of a donation.
CREATE TRIGGER "funds_search_text"
  AFTER INSERT OR UPDATE OF "name", "description" ON "funds"
  FOR EACH ROW EXECUTE FUNCTION funds_search_text();
