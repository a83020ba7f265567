CREATE TABLE "gateway_refunds" (
	"source" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"refund_trans_id" text NOT NULL,
	"refund_ref_id" text,
	"status" text DEFAULT 'asking' NOT NULL,
	"remarks" text NOT NULL,
	"reason" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_refunds_amount_positive" CHECK ("gateway_refunds"."amount_poisha" > 0),
	CONSTRAINT "gateway_refunds_trans_length" CHECK (char_length("gateway_refunds"."refund_trans_id") <= 30),
	CONSTRAINT "gateway_refunds_status_check" CHECK ("gateway_refunds"."status" in ('asking', 'initiated', 'refunded', 'cancelled', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_counters" DROP CONSTRAINT "receipt_counters_pkey";--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_mode_year_pk" PRIMARY KEY("mode","year");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_amount_poisha" bigint;--> statement-breakpoint
ALTER TABLE "gateway_refunds" ADD CONSTRAINT "gateway_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_refunds_trans_uq" ON "gateway_refunds" USING btree ("refund_trans_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_refunds_ref_uq" ON "gateway_refunds" USING btree ("refund_ref_id");--> statement-breakpoint
CREATE INDEX "gateway_refunds_open_idx" ON "gateway_refunds" USING btree ("status","checked_at") WHERE "gateway_refunds"."status" in ('asking', 'initiated');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_amount_positive" CHECK ("payments"."provider_amount_poisha" is null or "payments"."provider_amount_poisha" > 0);--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_mode_check" CHECK ("receipt_counters"."mode" in ('test', 'live'));--> statement-breakpoint
-- hand-written
-- Live and test receipts are numbered in sequences of their own: EF-YYYY-NNNNNN for live
-- money, EF-T-YYYY-NNNNNN for test money (the counters kept so far continue the live one,
-- so no number is given twice). The function is 0014's with the counter of the payment's
-- mode; the number is still given at the commit that records the donation (decision
-- 249).
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
-- A payment's refunded amount is the sum of its refund rows (refunds and disputes, less
-- money reinstated), checked at the commit of any transaction that changes either side.
CREATE OR REPLACE FUNCTION payments_refunds_match() RETURNS trigger AS $$
DECLARE
  pid uuid;
  shown bigint;
  recorded bigint;
BEGIN
  IF TG_TABLE_NAME = 'refunds' THEN
    pid := CASE WHEN TG_OP = 'DELETE' THEN OLD.payment_id ELSE NEW.payment_id END;
  ELSE
    pid := NEW.id;
  END IF;
  SELECT refunded_poisha INTO shown FROM payments WHERE id = pid;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(CASE WHEN kind = 'reinstated' THEN -amount_poisha ELSE amount_poisha END), 0)
    INTO recorded FROM refunds WHERE payment_id = pid;
  IF shown <> recorded THEN
    RAISE EXCEPTION 'payment %: % refunded on the payment, but its refunds total %', pid, shown, recorded
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_refunds_match';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_refunds_match"
  AFTER UPDATE OF "refunded_poisha" ON "payments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.refunded_poisha IS DISTINCT FROM OLD.refunded_poisha)
  EXECUTE FUNCTION payments_refunds_match();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "refunds_match_payment"
  AFTER INSERT OR UPDATE OR DELETE ON "refunds"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION payments_refunds_match();
