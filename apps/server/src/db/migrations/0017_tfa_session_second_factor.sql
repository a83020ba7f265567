-- Two-factor belongs to the session (decision 451): when a session passed the second
-- factor. Sessions from before stay null: an admin signs in again with their code.
ALTER TABLE "session" ADD COLUMN "two_factor_verified_at" timestamp with time zone;
