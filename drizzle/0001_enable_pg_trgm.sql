-- Trigram matching for the creator name search (ILIKE '%q%'). PostgreSQL ships pg_trgm in its contrib
-- package; embedded PGlite loads it in db/client.ts. It is a trusted extension, so the database owner may
-- create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
