-- The indexes of this change (app/db/schema.ts: a GIN index on the words of each lead table's
-- name, as the inbox's name search compares them: app/lib/name-words.ts) are built online,
-- outside this transaction, by app/db/online-indexes.ts (CREATE INDEX CONCURRENTLY on
-- PostgreSQL; docs/decisions/0113, 0132).
SELECT 1;
