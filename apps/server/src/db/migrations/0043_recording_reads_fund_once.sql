-- hand-written
-- The recording of a donation (0038) reads its fund's row once: the statement that takes
-- the row's lock also reads its cause, which the day's totals are kept by. Under many
-- donations to one fund at once, each read of that row walks the versions the others'
-- updates left since the oldest statement still running began.
CREATE OR REPLACE FUNCTION payments_record() RETURNS trigger AS $$
DECLARE
  receipt_year integer := extract(year FROM (NEW.succeeded_at AT TIME ZONE 'Asia/Dhaka'))::integer;
  next_number integer;
  fund_cause text;
BEGIN
  -- The fund's row first, as every writer of its sums takes it (0033), with its cause for
  -- the day's totals. Once it is held, the next statement reads afresh: a first donation by
  -- the same person to the same fund that committed while this one waited is seen, and the
  -- person is counted once.
  SELECT cause INTO fund_cause FROM funds WHERE id = NEW.fund_id FOR NO KEY UPDATE;
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
      SELECT (NEW.succeeded_at AT TIME ZONE 'Asia/Dhaka')::date, NEW.mode, fund_cause, 1,
             NEW.amount_poisha - NEW.refunded_poisha
      WHERE fund_cause IS NOT NULL AND NEW.succeeded_at IS NOT NULL
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
