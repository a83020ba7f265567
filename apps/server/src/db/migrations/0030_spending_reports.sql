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
ALTER TABLE "spending_reports" ADD CONSTRAINT "spending_reports_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_reports" ADD CONSTRAINT "spending_reports_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_reports" ADD CONSTRAINT "spending_reports_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_reports" ADD CONSTRAINT "spending_reports_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spending_reports_withdrawal_idx" ON "spending_reports" USING btree ("withdrawal_id","created_at");--> statement-breakpoint
CREATE INDEX "spending_reports_status_idx" ON "spending_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spending_reports_one_pending_uq" ON "spending_reports" USING btree ("withdrawal_id") WHERE "spending_reports"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "spending_reports_one_approved_uq" ON "spending_reports" USING btree ("withdrawal_id") WHERE "spending_reports"."status" = 'approved';--> statement-breakpoint
-- hand-written
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
