-- Payment History reads a donor's payments by the day their money moved, newest first
-- (coalesce(succeeded_at, created_at), then id): the donor's index in that order lets a
-- page read its own rows instead of sorting every payment the donor ever made.
DROP INDEX "payments_user_idx";--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id",coalesce("succeeded_at", "created_at") desc,"id" desc);
