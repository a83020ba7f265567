CREATE TABLE "gateway_validations" (
	"val_id" text PRIMARY KEY NOT NULL,
	"answer" jsonb,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
