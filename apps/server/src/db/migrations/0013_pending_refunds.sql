CREATE TABLE "pending_refunds" (
	"source" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_refunds_amount_positive" CHECK ("pending_refunds"."amount_poisha" > 0)
);
--> statement-breakpoint
ALTER TABLE "pending_refunds" ADD CONSTRAINT "pending_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_refunds" ADD CONSTRAINT "pending_refunds_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_refunds_fund_idx" ON "pending_refunds" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "pending_refunds_payment_idx" ON "pending_refunds" USING btree ("payment_id");