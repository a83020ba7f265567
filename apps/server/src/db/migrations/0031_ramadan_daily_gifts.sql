CREATE TABLE "ramadan_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"set_by" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ramadan_dates_order" CHECK (("ramadan_dates"."starts_on" is null and "ramadan_dates"."ends_on" is null) or ("ramadan_dates"."starts_on" is not null and "ramadan_dates"."ends_on" is not null and "ramadan_dates"."ends_on" >= "ramadan_dates"."starts_on"))
);
--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "frequency" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ramadan_dates" ADD CONSTRAINT "ramadan_dates_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ramadan_dates_set_at_idx" ON "ramadan_dates" USING btree ("set_at");--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_frequency_check" CHECK (("recurring_gifts"."frequency" = 'monthly' and "recurring_gifts"."ends_at" is null) or ("recurring_gifts"."frequency" = 'daily' and "recurring_gifts"."ends_at" is not null));