-- hand-written
-- A donation's recording updates its fund's totals and sums from the trigger
-- `payments_record` (0038); two triggers there concerned other writes, and PostgreSQL
-- still weighed them on every donation:
-- - a fund's review version (0020) rises only when a column the admins are shown changes,
--   never with its totals; named by those columns, the trigger is not even considered
--   for an update that sets none of them (its 13-column condition was built and
--   evaluated on each donation);
-- - the guard that refuses a hand-written change of the sums (0033) is a trigger function
--   called twice per donation only to find it was called from a trigger; the depth is now
--   its condition, so a write from a trigger calls nothing and a hand-written one is
--   refused as before.
DROP TRIGGER "funds_bump_version" ON "funds";
--> statement-breakpoint
CREATE TRIGGER "funds_bump_version"
  BEFORE UPDATE OF "raiser_id", "name", "image", "description", "cause", "goal_poisha",
    "suggested_poisha", "status", "feedback", "hold", "hold_reason", "zakat_eligible",
    "zakat_note"
  ON "funds"
  FOR EACH ROW
  WHEN (NEW.version = OLD.version AND (
    OLD.raiser_id, OLD.name, OLD.image, OLD.description, OLD.cause, OLD.goal_poisha,
    OLD.suggested_poisha, OLD.status, OLD.feedback, OLD.hold, OLD.hold_reason,
    OLD.zakat_eligible, OLD.zakat_note
  ) IS DISTINCT FROM (
    NEW.raiser_id, NEW.name, NEW.image, NEW.description, NEW.cause, NEW.goal_poisha,
    NEW.suggested_poisha, NEW.status, NEW.feedback, NEW.hold, NEW.hold_reason,
    NEW.zakat_eligible, NEW.zakat_note
  ))
  EXECUTE FUNCTION review_bump_version();
--> statement-breakpoint
DROP TRIGGER "fund_payment_sums_kept" ON "fund_payment_sums";
--> statement-breakpoint
CREATE TRIGGER "fund_payment_sums_kept"
  BEFORE INSERT OR UPDATE OR DELETE ON "fund_payment_sums"
  FOR EACH ROW
  WHEN (pg_trigger_depth() < 1)
  EXECUTE FUNCTION fund_payment_sums_kept();
