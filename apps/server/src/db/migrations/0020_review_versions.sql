ALTER TABLE "funds" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- hand-written
-- An admin's decision carries the version of what they were shown (decision 452). The
-- version rises with every change of what the admins' pages show, whichever code path
-- makes it: a fund's texts, picture, money targets, status, hold and Zakat note (not the
-- totals donations change), a pending edit of it, an application, a withdrawal request.
CREATE FUNCTION review_bump_version() RETURNS trigger AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER funds_bump_version
  BEFORE UPDATE ON funds
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
CREATE TRIGGER verification_applications_bump_version
  BEFORE UPDATE ON verification_applications
  FOR EACH ROW
  WHEN (NEW.version = OLD.version AND (
    OLD.user_id, OLD.name, OLD.image, OLD.id_card_number, OLD.phone_number, OLD.status,
    OLD.feedback
  ) IS DISTINCT FROM (
    NEW.user_id, NEW.name, NEW.image, NEW.id_card_number, NEW.phone_number, NEW.status,
    NEW.feedback
  ))
  EXECUTE FUNCTION review_bump_version();
--> statement-breakpoint
CREATE TRIGGER withdrawals_bump_version
  BEFORE UPDATE ON withdrawals
  FOR EACH ROW
  WHEN (NEW.version = OLD.version AND (
    OLD.fund_id, OLD.raiser_id, OLD.amount_poisha, OLD.status, OLD.mode, OLD.feedback
  ) IS DISTINCT FROM (
    NEW.fund_id, NEW.raiser_id, NEW.amount_poisha, NEW.status, NEW.mode, NEW.feedback
  ))
  EXECUTE FUNCTION review_bump_version();
--> statement-breakpoint
-- A fund's pending edit is part of what the admin is shown with the fund.
CREATE FUNCTION fund_changes_bump_fund_version() RETURNS trigger AS $$
BEGIN
  UPDATE funds SET version = version + 1
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.fund_id ELSE NEW.fund_id END;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER fund_changes_bump_fund_version
  AFTER INSERT OR DELETE ON fund_changes
  FOR EACH ROW
  EXECUTE FUNCTION fund_changes_bump_fund_version();
--> statement-breakpoint
CREATE TRIGGER fund_changes_bump_fund_version_on_update
  AFTER UPDATE ON fund_changes
  FOR EACH ROW
  WHEN ((OLD.fund_id, OLD.proposed, OLD.status) IS DISTINCT FROM (NEW.fund_id, NEW.proposed, NEW.status))
  EXECUTE FUNCTION fund_changes_bump_fund_version();
