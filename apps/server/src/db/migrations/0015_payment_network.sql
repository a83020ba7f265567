-- The network a payment was started from (an IPv4 address or an IPv6 /64), so that a
-- declined payment counts against it (decision 448). It is kept only while the payment
-- is pending: whichever way a payment leaves `pending` (recorded, declined, cancelled,
-- abandoned, held for review), the database forgets the address in the same update.
ALTER TABLE "payments" ADD COLUMN "client_network" text;
--> statement-breakpoint
CREATE FUNCTION payments_forget_network() RETURNS trigger AS $$
BEGIN
  NEW.client_network := NULL;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_forget_network
  BEFORE UPDATE OF status ON payments
  FOR EACH ROW
  WHEN (NEW.status <> 'pending' AND NEW.client_network IS NOT NULL)
  EXECUTE FUNCTION payments_forget_network();
