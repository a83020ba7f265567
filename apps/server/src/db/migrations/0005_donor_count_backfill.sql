-- Donors are distinct people with a succeeded donation (until now the page showed the
-- number of donations). Later donations keep the counter in the recording transaction.
UPDATE "funds" SET "donor_count" = coalesce((
  SELECT count(DISTINCT "payments"."user_id")
  FROM "payments"
  WHERE "payments"."fund_id" = "funds"."id" AND "payments"."status" = 'succeeded'
), 0);
