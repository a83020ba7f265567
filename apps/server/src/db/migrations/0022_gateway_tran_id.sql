ALTER TABLE "payments" ADD COLUMN "gateway_tran_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_tran_uq" ON "payments" USING btree ("gateway_tran_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gateway_tran_check" CHECK (char_length("payments"."gateway_tran_id") <= 30);