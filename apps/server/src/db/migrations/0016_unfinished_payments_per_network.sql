-- Decision 448: a network's payments still pending are counted before it starts another
-- (the index); a payment keeps its network only while pending, now also as a constraint
-- beside migration 0015's trigger; expired sessions are deleted hourly (the index).
CREATE INDEX "payments_pending_network_idx" ON "payments" USING btree ("client_network","created_at") WHERE "payments"."client_network" is not null;--> statement-breakpoint
CREATE INDEX "session_expires_idx" ON "session" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_network_pending_check" CHECK ("payments"."status" = 'pending' or "payments"."client_network" is null);