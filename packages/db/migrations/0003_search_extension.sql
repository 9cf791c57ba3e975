-- Custom migration (drizzle-kit generate --custom): drizzle-kit cannot declare extensions.
-- pg_trgm lets the admin lists' case-insensitive "contains" search use GIN trigram indexes
-- (declared in the schema, generated in the next migration). It is a trusted extension on
-- PostgreSQL 13+, so the database owner may create it; PGlite loads it in openPglite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
