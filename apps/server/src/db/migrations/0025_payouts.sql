ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_method" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "proof_image" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "outcome_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "outcome_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_outcome_by_user_id_fk" FOREIGN KEY ("outcome_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_paid_idx" ON "withdrawals" USING btree ("status","paid_on");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_method_check" CHECK ("withdrawals"."payout_method" is null or "withdrawals"."payout_method" in ('bkash', 'nagad', 'bank'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_paid_recorded" CHECK ("withdrawals"."status" not in ('paid', 'reversed') or ("withdrawals"."payout_method" is not null and "withdrawals"."payout_reference" is not null and "withdrawals"."paid_on" is not null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'approved', 'denied', 'paid', 'failed', 'reversed'));--> statement-breakpoint
-- hand-written
-- A withdrawal's life: pending → approved | denied; approved → paid | failed; paid →
-- reversed (an admin's record, with a reason). Nothing else, whichever code path writes it:
-- a paid withdrawal is final, and what "paid" recorded never changes.
CREATE FUNCTION withdrawals_guard_life() RETURNS trigger AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
    (OLD.status = 'pending' AND NEW.status IN ('approved', 'denied'))
    OR (OLD.status = 'approved' AND NEW.status IN ('paid', 'failed'))
    OR (OLD.status = 'paid' AND NEW.status = 'reversed')
  ) THEN
    RAISE EXCEPTION 'a % withdrawal cannot become %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'withdrawals_life';
  END IF;
  IF OLD.status IN ('paid', 'reversed') AND (
    OLD.fund_id, OLD.amount_poisha, OLD.mode, OLD.payout_method, OLD.payout_reference,
    OLD.paid_on, OLD.proof_image
  ) IS DISTINCT FROM (
    NEW.fund_id, NEW.amount_poisha, NEW.mode, NEW.payout_method, NEW.payout_reference,
    NEW.paid_on, NEW.proof_image
  ) THEN
    RAISE EXCEPTION 'a paid withdrawal is final'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'withdrawals_life';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER withdrawals_guard_life
  BEFORE UPDATE ON withdrawals
  FOR EACH ROW
  EXECUTE FUNCTION withdrawals_guard_life();
--> statement-breakpoint
-- What a fund's withdrawals hold (requested, approved, paid) never exceeds what it raised
-- less the refunds under way, in the site's money mode; and money of the other mode (a
-- test withdrawal on a live site) is never approved or paid. Checked with the fund row
-- locked, so two transactions cannot both fit. A refund that lowers the balance later
-- denies pending requests itself (decision 246) and does not pass through here.
CREATE FUNCTION withdrawals_within_balance() RETURNS trigger AS $$
DECLARE
  site_mode text;
  raised bigint;
  held bigint;
BEGIN
  IF NEW.status NOT IN ('pending', 'approved', 'paid') THEN
    RETURN NEW;
  END IF;
  SELECT coalesce((SELECT mode FROM ledger_settings), 'test') INTO site_mode;
  IF NEW.mode <> site_mode THEN
    IF NEW.status IN ('approved', 'paid')
       AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status OR OLD.mode <> NEW.mode)
    THEN
      RAISE EXCEPTION 'a % withdrawal cannot be % while the site takes % money',
        NEW.mode, NEW.status, site_mode
        USING ERRCODE = 'check_violation', CONSTRAINT = 'withdrawals_within_balance';
    END IF;
    RETURN NEW;
  END IF;
  -- An unchanged amount in an unchanged state holds no more. Paying re-checks: money taken
  -- from the fund since the approval (a chargeback) is not paid out.
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status
     AND (OLD.fund_id, OLD.amount_poisha, OLD.mode) = (NEW.fund_id, NEW.amount_poisha, NEW.mode)
  THEN
    RETURN NEW;
  END IF;
  SELECT raised_poisha INTO raised FROM funds WHERE id = NEW.fund_id FOR UPDATE;
  SELECT coalesce(sum(amount_poisha), 0) INTO held FROM withdrawals
    WHERE fund_id = NEW.fund_id AND mode = NEW.mode AND id <> NEW.id
      AND status IN ('pending', 'approved', 'paid');
  held := held + coalesce((SELECT sum(amount_poisha) FROM pending_refunds
    WHERE fund_id = NEW.fund_id AND mode = NEW.mode), 0);
  IF held + NEW.amount_poisha > coalesce(raised, 0) THEN
    RAISE EXCEPTION 'withdrawals of fund % would exceed its balance', NEW.fund_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'withdrawals_within_balance';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER withdrawals_within_balance
  BEFORE INSERT OR UPDATE ON withdrawals
  FOR EACH ROW
  EXECUTE FUNCTION withdrawals_within_balance();
