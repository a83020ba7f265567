CREATE TABLE "fund_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"proposed_by" text,
	"proposed" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"feedback" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_changes_status_check" CHECK ("fund_changes"."status" in ('pending', 'approved', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "fund_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"reporter_id" text,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_reports_status_check" CHECK ("fund_reports"."status" in ('open', 'resolved')),
	CONSTRAINT "fund_reports_reason_check" CHECK ("fund_reports"."reason" in ('fraud', 'misleading', 'inappropriate', 'duplicate', 'other'))
);
--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "donor_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "hold" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "held_by" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "support_message" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "message_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_changes" ADD CONSTRAINT "fund_changes_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_changes" ADD CONSTRAINT "fund_changes_proposed_by_user_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_changes" ADD CONSTRAINT "fund_changes_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_reports" ADD CONSTRAINT "fund_reports_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_reports" ADD CONSTRAINT "fund_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_reports" ADD CONSTRAINT "fund_reports_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_changes_one_pending_uq" ON "fund_changes" USING btree ("fund_id") WHERE "fund_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fund_changes_status_idx" ON "fund_changes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fund_reports_status_idx" ON "fund_reports" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_held_by_user_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_wall_recent_idx" ON "payments" USING btree ("fund_id","succeeded_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payments_wall_top_idx" ON "payments" USING btree ("fund_id","amount_poisha" DESC NULLS LAST,"succeeded_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payments_wall_messages_idx" ON "payments" USING btree ("fund_id","succeeded_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "payments"."status" = 'succeeded' and "payments"."support_message" is not null and not "payments"."message_hidden";--> statement-breakpoint
CREATE INDEX "payments_fund_donor_idx" ON "payments" USING btree ("fund_id","user_id") WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_donors_non_negative" CHECK ("funds"."donor_count" >= 0);--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_hold_check" CHECK ("funds"."hold" in ('suspended', 'closed'));