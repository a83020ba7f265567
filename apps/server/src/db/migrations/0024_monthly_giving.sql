CREATE TABLE "closed_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"period" text NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"payment_id" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_charges_status_check" CHECK ("recurring_charges"."status" in ('due', 'charging', 'paid', 'failed', 'reminded')),
	CONSTRAINT "recurring_charges_amount_positive" CHECK ("recurring_charges"."amount_poisha" > 0)
);
--> statement-breakpoint
CREATE TABLE "recurring_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"fund_id" uuid NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"method" text DEFAULT 'card' NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"status_reason" text,
	"provider" text NOT NULL,
	"setup_intent_id" text,
	"payment_method_id" text,
	"customer_id" text,
	"card_last4" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"next_charge_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_gifts_amount_positive" CHECK ("recurring_gifts"."amount_poisha" > 0),
	CONSTRAINT "recurring_gifts_method_check" CHECK ("recurring_gifts"."method" in ('card', 'wallet')),
	CONSTRAINT "recurring_gifts_status_check" CHECK ("recurring_gifts"."status" in ('incomplete', 'active', 'paused', 'cancelled', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "test_processor_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"card_last4" text NOT NULL,
	"card_fingerprint" text NOT NULL,
	"fail_with" text,
	"detached" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_processor_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"payment_method_id" text,
	"last_error" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closed_accounts" ADD CONSTRAINT "closed_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_gift_id_recurring_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."recurring_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_charges_gift_period_uq" ON "recurring_charges" USING btree ("gift_id","period");--> statement-breakpoint
CREATE INDEX "recurring_charges_due_idx" ON "recurring_charges" USING btree ("next_attempt_at") WHERE "recurring_charges"."status" = 'due';--> statement-breakpoint
CREATE INDEX "recurring_gifts_due_idx" ON "recurring_gifts" USING btree ("next_charge_at") WHERE "recurring_gifts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "recurring_gifts_user_idx" ON "recurring_gifts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recurring_gifts_fund_idx" ON "recurring_gifts" USING btree ("fund_id","status");