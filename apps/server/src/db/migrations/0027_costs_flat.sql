CREATE TABLE "donation_days" (
	"day" date NOT NULL,
	"mode" text NOT NULL,
	"cause" text NOT NULL,
	"donations" integer DEFAULT 0 NOT NULL,
	"amount_poisha" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "donation_days_day_mode_cause_pk" PRIMARY KEY("day","mode","cause")
);
--> statement-breakpoint
CREATE INDEX "funds_created_idx" ON "funds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_gateway_transaction_idx" ON "payments" USING btree ("gateway_transaction_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","id");--> statement-breakpoint
-- hand-written
-- Searches by part of a word (fund names and stories; donors' names and addresses in the
-- admin's payment search) use trigram indexes; pg_trgm is a trusted extension, which the
-- database's owner may create (docs/deploying.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "funds_name_trgm_idx" ON "funds" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "funds_description_trgm_idx" ON "funds" USING gin ("description" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
-- A payment's part of the daily totals: one donation while succeeded; its amount net of
-- refunds while succeeded or refunded (as the fund totals and the overview count them).
CREATE OR REPLACE FUNCTION donation_days_add(p payments, sign integer) RETURNS void AS $$
BEGIN
  IF p.status NOT IN ('succeeded', 'refunded') OR p.succeeded_at IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO donation_days (day, mode, cause, donations, amount_poisha)
    SELECT (p.succeeded_at AT TIME ZONE 'Asia/Dhaka')::date, p.mode, f.cause,
           sign * (CASE WHEN p.status = 'succeeded' THEN 1 ELSE 0 END),
           sign * (p.amount_poisha - p.refunded_poisha)
    FROM funds f WHERE f.id = p.fund_id
    ON CONFLICT (day, mode, cause) DO UPDATE
      SET donations = donation_days.donations + excluded.donations,
          amount_poisha = donation_days.amount_poisha + excluded.amount_poisha;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_days() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM donation_days_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM donation_days_add(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- At commit, like the fund totals (decision 423): the day's row is held for the commit only.
CREATE CONSTRAINT TRIGGER "payments_days_at_commit"
  AFTER INSERT OR UPDATE OF "status", "mode", "amount_poisha", "refunded_poisha", "succeeded_at", "fund_id"
  ON "payments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION payments_days();
--> statement-breakpoint
-- A deleted payment (the demo's removal) leaves at once, while its fund still exists.
CREATE TRIGGER "payments_days_on_delete"
  AFTER DELETE ON "payments"
  FOR EACH ROW
  EXECUTE FUNCTION payments_days();
--> statement-breakpoint
-- A fund whose cause changes moves its donations to the new cause (rare: a raiser's edit).
CREATE OR REPLACE FUNCTION funds_days_cause() RETURNS trigger AS $$
BEGIN
  INSERT INTO donation_days (day, mode, cause, donations, amount_poisha)
    SELECT s.day, s.mode, v.cause, v.sign * s.n, v.sign * s.amount
    FROM (
      SELECT (p.succeeded_at AT TIME ZONE 'Asia/Dhaka')::date AS day, p.mode,
             count(*) FILTER (WHERE p.status = 'succeeded') AS n,
             sum(p.amount_poisha - p.refunded_poisha) AS amount
      FROM payments p
      WHERE p.fund_id = NEW.id AND p.status IN ('succeeded', 'refunded') AND p.succeeded_at IS NOT NULL
      GROUP BY 1, 2
    ) s
    CROSS JOIN (VALUES (OLD.cause, -1), (NEW.cause, 1)) AS v(cause, sign)
    ON CONFLICT (day, mode, cause) DO UPDATE
      SET donations = donation_days.donations + excluded.donations,
          amount_poisha = donation_days.amount_poisha + excluded.amount_poisha;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "funds_days_cause"
  AFTER UPDATE OF "cause" ON "funds"
  FOR EACH ROW
  WHEN (OLD.cause IS DISTINCT FROM NEW.cause)
  EXECUTE FUNCTION funds_days_cause();
--> statement-breakpoint
INSERT INTO donation_days (day, mode, cause, donations, amount_poisha)
  SELECT (p.succeeded_at AT TIME ZONE 'Asia/Dhaka')::date, p.mode, f.cause,
         count(*) FILTER (WHERE p.status = 'succeeded'), sum(p.amount_poisha - p.refunded_poisha)
  FROM payments p JOIN funds f ON f.id = p.fund_id
  WHERE p.status IN ('succeeded', 'refunded') AND p.succeeded_at IS NOT NULL
  GROUP BY 1, 2, 3;
