-- The indexes of this change (app/db/schema.ts: each lead table's, the orders' and the outbox's
-- lower(e-mail)) are built online, outside this transaction, by app/db/online-indexes.ts
-- (CREATE INDEX CONCURRENTLY on PostgreSQL; docs/decisions/0113).
SELECT 1;
