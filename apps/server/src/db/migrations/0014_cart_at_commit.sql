-- A recorded donation also takes its fund out of the donor's cart, in the same trigger
-- that grows the fund's totals at the commit (migration 0012, decision 423): the
-- recording transaction is then one statement shorter, and every way a donation is
-- recorded leaves the cart the same way. The function is 0012's with that one statement
-- added first, before the trigger holds any row another donation needs.
CREATE OR REPLACE FUNCTION payments_record_at_commit() RETURNS trigger AS $$
DECLARE
  receipt_year integer;
  next_number integer;
BEGIN
  -- The fund leaves the donor's cart; first, while no shared row is held yet.
  DELETE FROM cart_items WHERE user_id = NEW.user_id AND fund_id = NEW.fund_id;
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
