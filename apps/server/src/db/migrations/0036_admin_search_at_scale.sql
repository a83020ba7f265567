-- hand-written
-- Manage Users finds a person by part of their mobile number too: a trigram index, like
-- the name's and the e-mail's, so the three parts of the search are one bitmap of indexes
-- and never a read of every user.
CREATE INDEX "user_phone_number_trgm_idx" ON "user" USING gin ("phone_number" gin_trgm_ops);
