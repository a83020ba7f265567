ALTER TABLE "fund_updates" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_updates" ADD COLUMN "feedback" text;--> statement-breakpoint
ALTER TABLE "fund_updates" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "fund_updates" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fund_updates" ADD CONSTRAINT "fund_updates_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_updates_one_pending_uq" ON "fund_updates" USING btree ("fund_id") WHERE "fund_updates"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fund_updates_status_idx" ON "fund_updates" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "fund_updates" ADD CONSTRAINT "fund_updates_status_check" CHECK ("fund_updates"."status" in ('pending', 'approved', 'denied'));