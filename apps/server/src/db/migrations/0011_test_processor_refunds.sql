CREATE TABLE "test_processor_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_refunds_amount_positive" CHECK ("test_processor_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "test_processor_intents" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_processor_refunds" ADD CONSTRAINT "test_processor_refunds_intent_id_test_processor_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."test_processor_intents"("id") ON DELETE cascade ON UPDATE no action;