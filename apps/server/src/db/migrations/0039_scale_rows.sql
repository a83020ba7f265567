CREATE TABLE "open_fund_counts" (
	"cause" text NOT NULL,
	"zakat_eligible" boolean NOT NULL,
	"funds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "open_fund_counts_cause_zakat_eligible_pk" PRIMARY KEY("cause","zakat_eligible"),
	CONSTRAINT "open_fund_counts_non_negative" CHECK ("open_fund_counts"."funds" >= 0)
);
--> statement-breakpoint
CREATE INDEX "funds_open_idx" ON "funds" USING btree ("created_at","id") WHERE "funds"."status" = 'approved' and "funds"."hold" is null;--> statement-breakpoint
-- hand-written
-- The public list's total, the open funds (approved, not taken down) per cause and Zakat
-- eligibility: kept whenever a fund is added or removed, or its status, hold, cause or
-- eligibility changes; a donation's update of a fund's totals does not fire it.
CREATE OR REPLACE FUNCTION funds_open_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'approved' AND OLD.hold IS NULL THEN
    UPDATE open_fund_counts SET funds = funds - 1
     WHERE cause = OLD.cause AND zakat_eligible = OLD.zakat_eligible;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved' AND NEW.hold IS NULL THEN
    INSERT INTO open_fund_counts (cause, zakat_eligible, funds)
    VALUES (NEW.cause, NEW.zakat_eligible, 1)
    ON CONFLICT (cause, zakat_eligible) DO UPDATE SET funds = open_fund_counts.funds + 1;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER funds_open_count AFTER INSERT OR DELETE OR UPDATE OF status, hold, cause, zakat_eligible
  ON funds FOR EACH ROW EXECUTE FUNCTION funds_open_count();
--> statement-breakpoint
INSERT INTO open_fund_counts (cause, zakat_eligible, funds)
  SELECT cause, zakat_eligible, count(*) FROM funds
   WHERE status = 'approved' AND hold IS NULL GROUP BY cause, zakat_eligible;
--> statement-breakpoint
-- Searches by part of a word read a lowered copy of the texts searched with LIKE: ILIKE
-- lowers each row's text on every read (about 2.5 µs a fund's story, 1 µs a person),
-- which a broad word's count, read without an index, paid for every row it passed.
-- The texts are joined by a line break: a search of one line matches within one of them.
-- Not in the Drizzle schema: no select reads them.
ALTER TABLE "funds" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (lower("name" || E'\n' || "description")) STORED;
--> statement-breakpoint
CREATE INDEX "funds_search_trgm_idx" ON "funds" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX "funds_description_trgm_idx";
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (lower("name" || E'\n' || "email")) STORED;
--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX "user_name_trgm_idx";
--> statement-breakpoint
DROP INDEX "user_email_trgm_idx";
