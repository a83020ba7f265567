CREATE TABLE "test_gateway_sessions" (
	"session_key" text PRIMARY KEY NOT NULL,
	"tran_id" text NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"success_url" text NOT NULL,
	"fail_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"ipn_url" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"val_id" text,
	"bank_tran_id" text,
	"risk_level" integer DEFAULT 0 NOT NULL,
	"wallet_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_sessions_val_id_unique" UNIQUE("val_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_transaction_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "validation_id" text;--> statement-breakpoint
CREATE INDEX "test_gateway_sessions_tran_idx" ON "test_gateway_sessions" USING btree ("tran_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_validation_uq" ON "payments" USING btree ("validation_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'bkash', 'nagad', 'rocket'));