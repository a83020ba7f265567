CREATE TABLE "fund_subscriptions" (
	"user_id" text NOT NULL,
	"fund_id" uuid NOT NULL,
	"subscribed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_subscriptions_user_id_fund_id_pk" PRIMARY KEY("user_id","fund_id")
);
--> statement-breakpoint
CREATE TABLE "fund_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zakat_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"gold_poisha_per_gram" bigint NOT NULL,
	"silver_poisha_per_gram" bigint NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zakat_settings_one_row" CHECK ("zakat_settings"."id" = 1),
	CONSTRAINT "zakat_settings_prices_positive" CHECK ("zakat_settings"."gold_poisha_per_gram" > 0 and "zakat_settings"."silver_poisha_per_gram" > 0)
);
--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "zakat_eligible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "zakat_note" text;--> statement-breakpoint
ALTER TABLE "fund_subscriptions" ADD CONSTRAINT "fund_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_subscriptions" ADD CONSTRAINT "fund_subscriptions_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_updates" ADD CONSTRAINT "fund_updates_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_updates" ADD CONSTRAINT "fund_updates_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zakat_settings" ADD CONSTRAINT "zakat_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_subscriptions_fund_idx" ON "fund_subscriptions" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "fund_updates_fund_idx" ON "fund_updates" USING btree ("fund_id","created_at");--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_zakat_note" CHECK (not "funds"."zakat_eligible" or "funds"."zakat_note" is not null);