CREATE TABLE "fund_payment_sums" (
	"fund_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"raised_poisha" bigint DEFAULT 0 NOT NULL,
	"donation_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_payment_sums_fund_id_mode_pk" PRIMARY KEY("fund_id","mode")
);
--> statement-breakpoint
ALTER TABLE "fund_payment_sums" ADD CONSTRAINT "fund_payment_sums_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written
-- A fund's raised total and donation count are what its payments of the site's mode say
-- (succeeded and refunded payments less their refunds; succeeded ones counted), checked
-- at the commit of any transaction that changes a fund's totals or a payment's money:
-- a hand-edited total, a payment's amount changed behind its fund's back or a payment
-- recorded without its fund are refused. The sums are the ones `recountFundTotals` and
-- `check:ledger` compute, kept per fund and mode in `fund_payment_sums` as the payments
-- change, so the check reads one row whatever the number of the fund's payments.
--
-- A payment's part of its fund's sums moves by `delta` money and `n` donations. The fund's
-- row is taken first, as the recording of a donation takes it at its commit: every writer
-- holds the fund, then its sums row, so two of them never wait on each other in a circle.
CREATE OR REPLACE FUNCTION fund_payment_sums_add(fid uuid, pmode text, delta bigint, n integer) RETURNS void AS $$
BEGIN
  IF delta = 0 AND n = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM funds WHERE id = fid FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO fund_payment_sums (fund_id, mode, raised_poisha, donation_count)
    VALUES (fid, pmode, delta, n)
    ON CONFLICT (fund_id, mode) DO UPDATE
      SET raised_poisha = fund_payment_sums.raised_poisha + excluded.raised_poisha,
          donation_count = fund_payment_sums.donation_count + excluded.donation_count;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A payment's part: its amount less its refunds while succeeded or refunded; one donation
-- while succeeded.
CREATE OR REPLACE FUNCTION payments_sums() RETURNS trigger AS $$
DECLARE
  old_raised bigint := 0;
  old_n integer := 0;
  new_raised bigint := 0;
  new_n integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('succeeded', 'refunded') THEN
    old_raised := OLD.amount_poisha - OLD.refunded_poisha;
    old_n := CASE WHEN OLD.status = 'succeeded' THEN 1 ELSE 0 END;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('succeeded', 'refunded') THEN
    new_raised := NEW.amount_poisha - NEW.refunded_poisha;
    new_n := CASE WHEN NEW.status = 'succeeded' THEN 1 ELSE 0 END;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.fund_id = OLD.fund_id AND NEW.mode = OLD.mode THEN
    PERFORM fund_payment_sums_add(NEW.fund_id, NEW.mode, new_raised - old_raised, new_n - old_n);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM fund_payment_sums_add(OLD.fund_id, OLD.mode, -old_raised, -old_n);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM fund_payment_sums_add(NEW.fund_id, NEW.mode, new_raised, new_n);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- At once, as the payment is written: a refund, a dispute, a payment inserted counted, a
-- payment deleted. Not the recording of a donation (pending, failed or held to succeeded):
-- `payments_record_at_commit` adds it at the commit, with the fund's totals, so the rows
-- every donation needs stay held for the commit only (decision 423).
CREATE TRIGGER "payments_sums_new"
  AFTER INSERT ON "payments"
  FOR EACH ROW
  WHEN (NEW.status IN ('succeeded', 'refunded'))
  EXECUTE FUNCTION payments_sums();
--> statement-breakpoint
CREATE TRIGGER "payments_sums"
  AFTER UPDATE OF "amount_poisha", "refunded_poisha", "status", "mode", "fund_id" ON "payments"
  FOR EACH ROW
  WHEN (
    (OLD.status IN ('succeeded', 'refunded') OR NEW.status IN ('succeeded', 'refunded'))
    AND (NEW.amount_poisha, NEW.refunded_poisha, NEW.mode, NEW.fund_id, NEW.status)
      IS DISTINCT FROM (OLD.amount_poisha, OLD.refunded_poisha, OLD.mode, OLD.fund_id, OLD.status)
    AND NOT (OLD.status IN ('pending', 'failed', 'needs_review') AND NEW.status = 'succeeded')
  )
  EXECUTE FUNCTION payments_sums();
--> statement-breakpoint
CREATE TRIGGER "payments_sums_gone"
  AFTER DELETE ON "payments"
  FOR EACH ROW
  WHEN (OLD.status IN ('succeeded', 'refunded'))
  EXECUTE FUNCTION payments_sums();
--> statement-breakpoint
-- 0023's recording, which now also adds the donation to its fund's sums (in every mode;
-- the fund's totals grow in the site's mode only): both at the same commit.
CREATE OR REPLACE FUNCTION payments_record_at_commit() RETURNS trigger AS $$
DECLARE
  receipt_year integer;
  next_number integer;
BEGIN
  DELETE FROM cart_items WHERE user_id = NEW.user_id AND fund_id = NEW.fund_id;
  UPDATE funds
    SET raised_poisha = raised_poisha + NEW.amount_poisha,
        donation_count = donation_count + 1
    WHERE id = NEW.fund_id
      AND EXISTS (SELECT 1 FROM ledger_settings WHERE mode = NEW.mode);
  IF FOUND THEN
    UPDATE funds
      SET donor_count = donor_count + 1
      WHERE id = NEW.fund_id
        AND NOT EXISTS (
          SELECT 1 FROM payments p
          WHERE p.fund_id = NEW.fund_id AND p.user_id = NEW.user_id AND p.mode = NEW.mode
            AND p.status = 'succeeded' AND p.id <> NEW.id
        );
  END IF;
  PERFORM fund_payment_sums_add(NEW.fund_id, NEW.mode, NEW.amount_poisha - NEW.refunded_poisha, 1);
  receipt_year := extract(year FROM (NEW.succeeded_at AT TIME ZONE 'Asia/Dhaka'))::integer;
  INSERT INTO receipt_counters (mode, year, last) VALUES (NEW.mode, receipt_year, 1)
    ON CONFLICT (mode, year) DO UPDATE SET last = receipt_counters.last + 1
    RETURNING last INTO next_number;
  UPDATE payments
    SET receipt_number = CASE WHEN NEW.mode = 'live' THEN 'EF-' ELSE 'EF-T-' END
      || receipt_year || '-' || lpad(next_number::text, 6, '0')
    WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
INSERT INTO fund_payment_sums (fund_id, mode, raised_poisha, donation_count)
  SELECT fund_id, mode, sum(amount_poisha - refunded_poisha), count(*) FILTER (WHERE status = 'succeeded')
  FROM payments
  WHERE status IN ('succeeded', 'refunded')
  GROUP BY fund_id, mode;
--> statement-breakpoint
-- Only those triggers write the sums (and a fund's removal, whose sums go with it): a
-- statement of its own that writes them is refused, as a hand-edited fund total is.
CREATE OR REPLACE FUNCTION fund_payment_sums_kept() RETURNS trigger AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'fund_payment_sums is kept by the triggers on payments; it is not written by hand'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'fund_payment_sums_kept';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "fund_payment_sums_kept"
  BEFORE INSERT OR UPDATE OR DELETE ON "fund_payment_sums"
  FOR EACH ROW
  EXECUTE FUNCTION fund_payment_sums_kept();
--> statement-breakpoint
CREATE TRIGGER "fund_payment_sums_kept_whole"
  BEFORE TRUNCATE ON "fund_payment_sums"
  FOR EACH STATEMENT
  EXECUTE FUNCTION fund_payment_sums_kept();
--> statement-breakpoint
-- One indexed row of each side: the fund's totals and its sums of the site's mode.
CREATE OR REPLACE FUNCTION fund_totals_check(fid uuid) RETURNS void AS $$
DECLARE
  shown_raised bigint;
  shown_count integer;
  paid_raised bigint;
  paid_count integer;
BEGIN
  SELECT f.raised_poisha, f.donation_count, coalesce(s.raised_poisha, 0), coalesce(s.donation_count, 0)
    INTO shown_raised, shown_count, paid_raised, paid_count
    FROM funds f
    LEFT JOIN fund_payment_sums s ON s.fund_id = f.id AND s.mode = (SELECT mode FROM ledger_settings)
    WHERE f.id = fid;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF shown_raised <> paid_raised OR shown_count <> paid_count THEN
    RAISE EXCEPTION 'fund %: % raised in % donations on the fund, but its payments show % in %', fid, shown_raised, shown_count, paid_raised, paid_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'funds_totals_match';
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION funds_totals_match() RETURNS trigger AS $$
BEGIN
  PERFORM fund_totals_check(NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_totals_match() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM fund_totals_check(OLD.fund_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.fund_id <> OLD.fund_id) THEN
    PERFORM fund_totals_check(NEW.fund_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "funds_totals_match"
  AFTER UPDATE OF "raised_poisha", "donation_count" ON "funds"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.raised_poisha IS DISTINCT FROM OLD.raised_poisha
    OR NEW.donation_count IS DISTINCT FROM OLD.donation_count)
  EXECUTE FUNCTION funds_totals_match();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "funds_totals_match_new"
  AFTER INSERT ON "funds"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.raised_poisha <> 0 OR NEW.donation_count <> 0)
  EXECUTE FUNCTION funds_totals_match();
--> statement-breakpoint
-- A counted payment's money changed without its fund's totals (its amount, fund and mode
-- never change: `payments_keep_succeeded_final`), or a payment counted or uncounted
-- other than by the recording of a donation. Not for that recording (pending, failed or
-- held to succeeded): `payments_record_at_commit`, named before this trigger so it runs
-- first at the commit, moves the fund, whose own trigger then checks it.
CREATE CONSTRAINT TRIGGER "payments_totals_match"
  AFTER UPDATE OF "amount_poisha", "refunded_poisha", "status", "mode", "fund_id" ON "payments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (
    (OLD.status IN ('succeeded', 'refunded') OR NEW.status IN ('succeeded', 'refunded'))
    AND (NEW.amount_poisha, NEW.refunded_poisha, NEW.mode, NEW.fund_id, NEW.status)
      IS DISTINCT FROM (OLD.amount_poisha, OLD.refunded_poisha, OLD.mode, OLD.fund_id, OLD.status)
    AND NOT (OLD.status IN ('pending', 'failed', 'needs_review') AND NEW.status = 'succeeded'
      AND NEW.refunded_poisha = OLD.refunded_poisha AND NEW.mode = OLD.mode
      AND NEW.fund_id = OLD.fund_id)
  )
  EXECUTE FUNCTION payments_totals_match();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_totals_match_new"
  AFTER INSERT ON "payments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.status IN ('succeeded', 'refunded'))
  EXECUTE FUNCTION payments_totals_match();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_totals_match_gone"
  AFTER DELETE ON "payments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.status IN ('succeeded', 'refunded'))
  EXECUTE FUNCTION payments_totals_match();
--> statement-breakpoint
-- A payment inserted already refunded needs its refund rows too (0023 checked only a
-- change of the refunded amount): the same check at the commit.
CREATE CONSTRAINT TRIGGER "payments_refunds_match_new"
  AFTER INSERT ON "payments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.refunded_poisha <> 0)
  EXECUTE FUNCTION payments_refunds_match();
