-- A donation's effect on the rows every other donation also needs (its fund's totals,
-- the year's receipt counter) is applied when its transaction commits, by a deferred
-- trigger: the rows are locked only for the commit itself, never across a round trip
-- to the application (decision 423). What it does is what the application did in the
-- recording transaction: the fund's raised total and donation count grow (when the
-- payment's mode is the site's), the donor count grows for the person's first standing
-- donation to the fund, and the payment gets the year's next receipt number (Asia/Dhaka
-- year, gap-free, in commit order).
CREATE OR REPLACE FUNCTION payments_record_at_commit() RETURNS trigger AS $$
DECLARE
  receipt_year integer;
  next_number integer;
BEGIN
  UPDATE funds
    SET raised_poisha = raised_poisha + NEW.amount_poisha,
        donation_count = donation_count + 1
    WHERE id = NEW.fund_id
      AND EXISTS (SELECT 1 FROM ledger_settings WHERE mode = NEW.mode);
  IF FOUND THEN
    -- A statement of its own, after the fund row is held: it sees a first donation by
    -- the same person that committed while this one waited, so the person counts once.
    UPDATE funds
      SET donor_count = donor_count + 1
      WHERE id = NEW.fund_id
        AND NOT EXISTS (
          SELECT 1 FROM payments p
          WHERE p.fund_id = NEW.fund_id AND p.user_id = NEW.user_id AND p.mode = NEW.mode
            AND p.status = 'succeeded' AND p.id <> NEW.id
        );
  END IF;
  receipt_year := extract(year FROM (NEW.succeeded_at AT TIME ZONE 'Asia/Dhaka'))::integer;
  INSERT INTO receipt_counters (year, last) VALUES (receipt_year, 1)
    ON CONFLICT (year) DO UPDATE SET last = receipt_counters.last + 1
    RETURNING last INTO next_number;
  UPDATE payments
    SET receipt_number = 'EF-' || receipt_year || '-' || lpad(next_number::text, 6, '0')
    WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_record_at_commit"
  AFTER UPDATE OF "status" ON "payments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.status = 'succeeded' AND OLD.status IN ('pending', 'failed', 'needs_review'))
  EXECUTE FUNCTION payments_record_at_commit();
