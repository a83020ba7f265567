CREATE TABLE "credit_note_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_counters_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "credit_note_counters_last_check" CHECK ("credit_note_counters"."last" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "zakat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_credit_note_uq" ON "refunds" USING btree ("credit_note_number");--> statement-breakpoint
-- hand-written
-- Money taken back (a refund or a dispute) gets the next credit note number of its series
-- ('CN' for live money, 'CN-T' for test money) and Dhaka year, in the transaction that
-- records it: the counter row is locked until the commit, so numbers have no gaps
-- (decision 252). A reinstatement (money given back) gets none.
CREATE OR REPLACE FUNCTION refunds_credit_note() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  note_year integer := extract(year from (now() at time zone 'Asia/Dhaka'))::integer;
  note_series text;
  next_number integer;
BEGIN
  IF NEW.kind NOT IN ('refund', 'dispute') OR NEW.credit_note_number IS NOT NULL THEN
    RETURN NEW;
  END IF;
  SELECT CASE WHEN p.mode = 'live' THEN 'CN' ELSE 'CN-T' END INTO note_series
    FROM payments p WHERE p.id = NEW.payment_id;
  INSERT INTO credit_note_counters (series, year, last) VALUES (note_series, note_year, 1)
    ON CONFLICT (series, year) DO UPDATE SET last = credit_note_counters.last + 1
    RETURNING last INTO next_number;
  NEW.credit_note_number := note_series || '-' || note_year || '-' ||
    CASE WHEN next_number < 1000000 THEN lpad(next_number::text, 6, '0') ELSE next_number::text END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER refunds_credit_note BEFORE INSERT ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_credit_note();
