CREATE TABLE "payout_account_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"wallet_type" text,
	"bank_name" text,
	"branch" text,
	"routing_number" text,
	"account_name" text NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"feedback" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"held_until" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_kind_check" CHECK ("payout_accounts"."kind" in ('bkash', 'nagad', 'bank')),
	CONSTRAINT "payout_accounts_status_check" CHECK ("payout_accounts"."status" in ('pending', 'approved', 'denied', 'removed')),
	CONSTRAINT "payout_accounts_shape_check" CHECK (("payout_accounts"."kind" = 'bank' and "payout_accounts"."bank_name" is not null and "payout_accounts"."branch" is not null and "payout_accounts"."routing_number" ~ '^[0-9]{9}$' and "payout_accounts"."number" ~ '^[0-9]{6,20}$' and "payout_accounts"."wallet_type" is null)
        or ("payout_accounts"."kind" <> 'bank' and "payout_accounts"."wallet_type" in ('personal', 'merchant') and "payout_accounts"."number" ~ '^[+]8801[3-9][0-9]{8}$' and "payout_accounts"."bank_name" is null and "payout_accounts"."routing_number" is null))
);
--> statement-breakpoint
CREATE TABLE "spending_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_poisha" bigint NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"feedback" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_reports_status_check" CHECK ("spending_reports"."status" in ('pending', 'approved', 'denied')),
	CONSTRAINT "spending_reports_total_positive" CHECK ("spending_reports"."total_poisha" > 0),
	CONSTRAINT "spending_reports_denied_reason" CHECK ("spending_reports"."status" <> 'denied' or "spending_reports"."feedback" is not null)
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_account_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_account_events" ADD CONSTRAINT "payout_account_events_account_id_payout_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_account_events" ADD CONSTRAINT "payout_account_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_reports" ADD CONSTRAINT "spending_reports_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_reports" ADD CONSTRAINT "spending_reports_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_reports" ADD CONSTRAINT "spending_reports_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_reports" ADD CONSTRAINT "spending_reports_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_account_events_idx" ON "payout_account_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_accounts_user_idx" ON "payout_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_accounts_status_idx" ON "payout_accounts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "spending_reports_withdrawal_idx" ON "spending_reports" USING btree ("withdrawal_id","created_at");--> statement-breakpoint
CREATE INDEX "spending_reports_status_idx" ON "spending_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spending_reports_one_pending_uq" ON "spending_reports" USING btree ("withdrawal_id") WHERE "spending_reports"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "spending_reports_one_approved_uq" ON "spending_reports" USING btree ("withdrawal_id") WHERE "spending_reports"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_account_idx" ON "withdrawals" USING btree ("payout_account_id");
--> statement-breakpoint
-- hand-written
-- What an admin deciding on an account was shown: its version rises with every change.
CREATE TRIGGER payout_accounts_bump_version
  BEFORE UPDATE ON payout_accounts
  FOR EACH ROW
  WHEN (NEW.version = OLD.version AND (
    OLD.kind, OLD.wallet_type, OLD.bank_name, OLD.branch, OLD.routing_number,
    OLD.account_name, OLD.number, OLD.status, OLD.feedback, OLD.held_until
  ) IS DISTINCT FROM (
    NEW.kind, NEW.wallet_type, NEW.bank_name, NEW.branch, NEW.routing_number,
    NEW.account_name, NEW.number, NEW.status, NEW.feedback, NEW.held_until
  ))
  EXECUTE FUNCTION review_bump_version();
--> statement-breakpoint
-- An account is never edited: where the money goes is what the admin approved. Its
-- owner and number stay as added; only its status (pending → approved | denied, any →
-- removed) and the decision's fields change.
CREATE FUNCTION payout_accounts_guard() RETURNS trigger AS $$
BEGIN
  IF (OLD.user_id, OLD.kind, OLD.wallet_type, OLD.bank_name, OLD.branch, OLD.routing_number,
      OLD.account_name, OLD.number, OLD.held_until)
    IS DISTINCT FROM (NEW.user_id, NEW.kind, NEW.wallet_type, NEW.bank_name, NEW.branch,
      NEW.routing_number, NEW.account_name, NEW.number, NEW.held_until)
  THEN
    RAISE EXCEPTION 'a payout account is never edited'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payout_accounts_life';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
    (OLD.status = 'pending' AND NEW.status IN ('approved', 'denied'))
    OR (OLD.status <> 'removed' AND NEW.status = 'removed')
  ) THEN
    RAISE EXCEPTION 'a % payout account cannot become %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payout_accounts_life';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payout_accounts_guard
  BEFORE UPDATE ON payout_accounts
  FOR EACH ROW
  EXECUTE FUNCTION payout_accounts_guard();
--> statement-breakpoint
-- A withdrawal's account is the raiser's own, and it does not change once the money left.
CREATE FUNCTION withdrawals_guard_account() RETURNS trigger AS $$
BEGIN
  IF NEW.payout_account_id IS NOT NULL AND (TG_OP = 'INSERT'
      OR NEW.payout_account_id IS DISTINCT FROM OLD.payout_account_id)
    AND NOT EXISTS (SELECT 1 FROM payout_accounts a
      WHERE a.id = NEW.payout_account_id AND a.user_id = NEW.raiser_id) THEN
    RAISE EXCEPTION 'a withdrawal goes to an account of its raiser'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'withdrawals_account';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status IN ('paid', 'reversed')
    AND NEW.payout_account_id IS DISTINCT FROM OLD.payout_account_id THEN
    RAISE EXCEPTION 'a paid withdrawal is final'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'withdrawals_life';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER withdrawals_guard_account
  BEFORE INSERT OR UPDATE ON withdrawals
  FOR EACH ROW
  EXECUTE FUNCTION withdrawals_guard_account();

--> statement-breakpoint
-- What an admin deciding on a spending report was shown: its version rises with every change.
CREATE TRIGGER spending_reports_bump_version
  BEFORE UPDATE ON spending_reports
  FOR EACH ROW
  WHEN (NEW.version = OLD.version AND (
    OLD.body, OLD.lines, OLD.total_poisha, OLD.photos, OLD.status, OLD.feedback
  ) IS DISTINCT FROM (
    NEW.body, NEW.lines, NEW.total_poisha, NEW.photos, NEW.status, NEW.feedback
  ))
  EXECUTE FUNCTION review_bump_version();
--> statement-breakpoint
-- A report is decided once: pending → approved | denied, and never edited after.
CREATE FUNCTION spending_reports_guard() RETURNS trigger AS $$
BEGIN
  IF OLD.status <> 'pending' OR (OLD.withdrawal_id, OLD.fund_id, OLD.author_id, OLD.body,
      OLD.lines, OLD.total_poisha, OLD.photos)
    IS DISTINCT FROM (NEW.withdrawal_id, NEW.fund_id, NEW.author_id, NEW.body, NEW.lines,
      NEW.total_poisha, NEW.photos)
  THEN
    RAISE EXCEPTION 'a spending report is decided once and never edited'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'spending_reports_life';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER spending_reports_guard
  BEFORE UPDATE ON spending_reports
  FOR EACH ROW
  EXECUTE FUNCTION spending_reports_guard();
