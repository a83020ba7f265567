-- hand-written
-- A donation's ledger work is done by the statement that records it (decision 472,
-- amending 423): as its payment becomes succeeded (from pending, failed or held), the
-- donor's cart loses the fund, the fund's sums (every mode) and totals (the site's mode:
-- raised, donations, and the person's first standing donation to it) grow, the day's
-- totals grow, and the payment takes its mode's next receipt number of its Asia/Dhaka year
-- into the row being written, so the payment is written once and the statement can
-- answer with its number. A recording is its transaction's last statement (`recordDonation`):
-- the fund's row, the counter and the day's row are held from it to the commit, never
-- across a round trip to the application. The guards stay as they were: the fund's totals
-- are checked against its sums at the commit (`funds_totals_match`, 0033).
CREATE OR REPLACE FUNCTION payments_record() RETURNS trigger AS $$
DECLARE
  receipt_year integer := extract(year FROM (NEW.succeeded_at AT TIME ZONE 'Asia/Dhaka'))::integer;
  next_number integer;
BEGIN
  -- The fund's row first, as every writer of its sums takes it (0033). Once it is held, the
  -- next statement reads afresh: a first donation by the same person to the same fund that
  -- committed while this one waited is seen, and the person is counted once.
  PERFORM 1 FROM funds WHERE id = NEW.fund_id FOR NO KEY UPDATE;
  -- Then one statement (each statement here costs an executor of its own): the cart, the
  -- sums (`fund_payment_sums_add`'s upsert), the fund's totals, the day and the number.
  WITH cart AS (
    DELETE FROM cart_items WHERE user_id = NEW.user_id AND fund_id = NEW.fund_id
  ), sums AS (
    INSERT INTO fund_payment_sums (fund_id, mode, raised_poisha, donation_count)
      VALUES (NEW.fund_id, NEW.mode, NEW.amount_poisha - NEW.refunded_poisha, 1)
      ON CONFLICT (fund_id, mode) DO UPDATE
        SET raised_poisha = fund_payment_sums.raised_poisha + excluded.raised_poisha,
            donation_count = fund_payment_sums.donation_count + excluded.donation_count
  ), fund AS (
    UPDATE funds
      SET raised_poisha = raised_poisha + NEW.amount_poisha,
          donation_count = donation_count + 1,
          donor_count = donor_count + CASE WHEN EXISTS (
            SELECT 1 FROM payments p
            WHERE p.fund_id = NEW.fund_id AND p.user_id = NEW.user_id AND p.mode = NEW.mode
              AND p.status = 'succeeded' AND p.id <> NEW.id
          ) THEN 0 ELSE 1 END
      WHERE id = NEW.fund_id
        AND EXISTS (SELECT 1 FROM ledger_settings WHERE mode = NEW.mode)
  ), day AS (
    -- `donation_days_add(NEW, 1)` (0027) for a payment now succeeded.
    INSERT INTO donation_days (day, mode, cause, donations, amount_poisha)
      SELECT (NEW.succeeded_at AT TIME ZONE 'Asia/Dhaka')::date, NEW.mode, f.cause, 1,
             NEW.amount_poisha - NEW.refunded_poisha
      FROM funds f WHERE f.id = NEW.fund_id AND NEW.succeeded_at IS NOT NULL
      ON CONFLICT (day, mode, cause) DO UPDATE
        SET donations = donation_days.donations + excluded.donations,
            amount_poisha = donation_days.amount_poisha + excluded.amount_poisha
  )
  INSERT INTO receipt_counters (mode, year, last) VALUES (NEW.mode, receipt_year, 1)
    ON CONFLICT (mode, year) DO UPDATE SET last = receipt_counters.last + 1
    RETURNING last INTO next_number;
  NEW.receipt_number := CASE WHEN NEW.mode = 'live' THEN 'EF-' ELSE 'EF-T-' END
    || receipt_year || '-' || lpad(next_number::text, 6, '0');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Before the row is written, so the number is in it; named after the other BEFORE triggers
-- of `payments` (they run in name order), so what it reads of NEW is final.
CREATE TRIGGER "payments_record"
  BEFORE UPDATE OF "status" ON "payments"
  FOR EACH ROW
  WHEN (NEW.status = 'succeeded' AND OLD.status IN ('pending', 'failed', 'needs_review'))
  EXECUTE FUNCTION payments_record();
--> statement-breakpoint
DROP TRIGGER "payments_record_at_commit" ON "payments";
--> statement-breakpoint
DROP FUNCTION payments_record_at_commit();
--> statement-breakpoint
-- The day's totals at the commit (0027) for every other change of a counted payment; the
-- recording of a donation has added its day above. A payment that is not and was not
-- succeeded or refunded changes no day, so it queues nothing (every pending insert did).
DROP TRIGGER "payments_days_at_commit" ON "payments";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_days_at_commit"
  AFTER UPDATE OF "status", "mode", "amount_poisha", "refunded_poisha", "succeeded_at", "fund_id"
  ON "payments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (
    (OLD.status IN ('succeeded', 'refunded') OR NEW.status IN ('succeeded', 'refunded'))
    AND NOT (NEW.status = 'succeeded' AND OLD.status IN ('pending', 'failed', 'needs_review'))
  )
  EXECUTE FUNCTION payments_days();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_days_new"
  AFTER INSERT ON "payments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.status IN ('succeeded', 'refunded'))
  EXECUTE FUNCTION payments_days();
--> statement-breakpoint
-- The rules of a recorded donation (0007) concern only a payment that was succeeded or
-- refunded: a pending payment's updates (its recording among them) no longer call them.
DROP TRIGGER "payments_keep_succeeded_final" ON "payments";
--> statement-breakpoint
CREATE TRIGGER "payments_keep_succeeded_final"
  BEFORE UPDATE ON "payments"
  FOR EACH ROW
  WHEN (OLD.status IN ('succeeded', 'refunded'))
  EXECUTE FUNCTION payments_keep_succeeded_final();
