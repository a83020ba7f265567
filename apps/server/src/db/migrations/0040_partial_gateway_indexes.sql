-- The gateway's columns and the receipt number are null on a card payment (until its
-- recording, for the number): their indexes hold only the rows that have one (decision 476).
DROP INDEX "payments_validation_uq";--> statement-breakpoint
DROP INDEX "payments_gateway_tran_uq";--> statement-breakpoint
DROP INDEX "payments_receipt_number_uq";--> statement-breakpoint
DROP INDEX "payments_gateway_transaction_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_validation_uq" ON "payments" USING btree ("validation_id") WHERE "payments"."validation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_tran_uq" ON "payments" USING btree ("gateway_tran_id") WHERE "payments"."gateway_tran_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_uq" ON "payments" USING btree ("receipt_number") WHERE "payments"."receipt_number" is not null;--> statement-breakpoint
CREATE INDEX "payments_gateway_transaction_idx" ON "payments" USING btree ("gateway_transaction_id") WHERE "payments"."gateway_transaction_id" is not null;