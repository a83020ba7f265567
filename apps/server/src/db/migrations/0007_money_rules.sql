-- Payments made before modes were recorded: the embedded processor's are test money,
-- Stripe's are taken as live. Withdrawals follow the site's mode (see ledger_settings).
UPDATE "payments" SET "mode" = CASE WHEN "provider" = 'stripe' THEN 'live' ELSE 'test' END;
--> statement-breakpoint
INSERT INTO "ledger_settings" ("id", "mode") VALUES (true, 'test') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A recorded donation stays recorded: succeeded only moves on to refunded, refunded
-- only back to succeeded when a won dispute returns money, and both keep their
-- succeeded_at, amount, fund and mode.
CREATE OR REPLACE FUNCTION payments_keep_succeeded_final() RETURNS trigger AS $$
BEGIN
  IF OLD.status = 'succeeded' AND NEW.status NOT IN ('succeeded', 'refunded') THEN
    RAISE EXCEPTION 'payment %: a succeeded payment cannot become %', OLD.id, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status = 'refunded' AND NEW.status <> 'refunded'
    AND NOT (NEW.status = 'succeeded' AND NEW.refunded_poisha < OLD.refunded_poisha) THEN
    RAISE EXCEPTION 'payment %: a refunded payment cannot become %', OLD.id, NEW.status
      USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status IN ('succeeded', 'refunded') AND (
    NEW.succeeded_at IS DISTINCT FROM OLD.succeeded_at
    OR NEW.amount_poisha <> OLD.amount_poisha
    OR NEW.mode <> OLD.mode
    OR NEW.fund_id <> OLD.fund_id
  ) THEN
    RAISE EXCEPTION 'payment %: a recorded donation''s amount, fund, mode and time do not change', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "payments_keep_succeeded_final"
  BEFORE UPDATE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION payments_keep_succeeded_final();
