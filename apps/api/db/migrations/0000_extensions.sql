-- Trigram indexes back the case-insensitive "any part of a name" searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
