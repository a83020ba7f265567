CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counters_last_check" CHECK ("receipt_counters"."last" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sent_mails" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_uq" ON "payments" USING btree ("receipt_number");--> statement-breakpoint
-- Donations recorded before receipts existed get their numbers now, in the order they were
-- recorded, per year in Bangladesh time (UTC+6 all year).
WITH numbered AS (
	SELECT "id",
		extract(year FROM (coalesce("succeeded_at", "created_at") AT TIME ZONE 'UTC') + interval '6 hours')::int AS "y",
		row_number() OVER (
			PARTITION BY extract(year FROM (coalesce("succeeded_at", "created_at") AT TIME ZONE 'UTC') + interval '6 hours')
			ORDER BY coalesce("succeeded_at", "created_at"), "id"
		) AS "n"
	FROM "payments" WHERE "status" IN ('succeeded', 'refunded')
)
UPDATE "payments" SET "receipt_number" = 'EF-' || numbered."y" || '-' || lpad(numbered."n"::text, 6, '0')
FROM numbered WHERE "payments"."id" = numbered."id";
--> statement-breakpoint
INSERT INTO "receipt_counters" ("year", "last")
SELECT substring("receipt_number" from 4 for 4)::int, count(*)::int FROM "payments"
WHERE "receipt_number" IS NOT NULL GROUP BY 1;
