-- hand-written
-- A fund's raised total and donation count are what its payments of the site's mode say
-- (succeeded and refunded payments less their refunds; succeeded ones counted), checked
-- at the commit of any transaction that changes a fund's totals or a payment's money:
-- a hand-edited total, a payment's amount changed behind its fund's back or a payment
-- recorded without its fund are refused. The sums are the ones `recountFundTotals` and
-- `check:ledger` compute.
CREATE OR REPLACE FUNCTION fund_totals_check(fid uuid) RETURNS void AS $$
DECLARE
  shown_raised bigint;
  shown_count integer;
  paid_raised bigint;
  paid_count integer;
BEGIN
  SELECT raised_poisha, donation_count INTO shown_raised, shown_count FROM funds WHERE id = fid;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT coalesce(sum(amount_poisha - refunded_poisha), 0), count(*) FILTER (WHERE status = 'succeeded')
    INTO paid_raised, paid_count
    FROM payments
    WHERE fund_id = fid AND status IN ('succeeded', 'refunded')
      AND mode = (SELECT mode FROM ledger_settings);
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
