CREATE TABLE "sms_days" (
	"day" text PRIMARY KEY NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"cost_poisha" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_days_counts_check" CHECK ("sms_days"."segments" >= 0 and "sms_days"."cost_poisha" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_number_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "sms_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_phone_number_unique" UNIQUE("phone_number");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_phone_number_check" CHECK ("user"."phone_number" ~ '^\+8801[3-9][0-9]{8}$');