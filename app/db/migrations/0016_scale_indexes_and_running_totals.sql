-- The indexes of this change (app/db/schema.ts) are built online, outside this transaction, by
-- app/db/online-indexes.ts (CREATE INDEX CONCURRENTLY on PostgreSQL; docs/decisions/0113).
CREATE TABLE "analytics_progress" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_seen" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "analytics_seen_day_scope_visitor_hash_pk" PRIMARY KEY("day","scope","visitor_hash")
);--> statement-breakpoint
-- Today's running totals start after the rows already there (the start rebuilds the open days
-- from them: app/domain/analytics/rollups.server.ts).
INSERT INTO "analytics_progress" ("name", "last_id")
SELECT 'views', coalesce(max("id"), 0) FROM "page_views"
UNION ALL
SELECT 'events', coalesce(max("id"), 0) FROM "analytics_events";--> statement-breakpoint
-- Adds the raw rows written since the last call to the running totals of the days not closed yet
-- (docs/decisions/0112). Views and visits are exact; a day's visitors and visitors per device and
-- per event are exact (analytics_seen remembers who was counted); visitors per page, referrer,
-- source and campaign are the sum of each call's distinct visitors (an estimate, never below the
-- truth) until the day is closed by analytics_close_day. Returns the rows read.
CREATE OR REPLACE FUNCTION analytics_add_recent() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  from_view integer := coalesce((SELECT last_id FROM analytics_progress WHERE name = 'views'), 0);
  from_event integer := coalesce((SELECT last_id FROM analytics_progress WHERE name = 'events'), 0);
  to_view integer;
  to_event integer;
BEGIN
  SELECT coalesce(max(id), from_view) INTO to_view FROM page_views WHERE id > from_view;
  SELECT coalesce(max(id), from_event) INTO to_event FROM analytics_events WHERE id > from_event;
  IF to_view = from_view AND to_event = from_event THEN
    RETURN 0;
  END IF;
  WITH batch AS MATERIALIZED (
    SELECT v.* FROM page_views v
     WHERE v.id > from_view AND v.id <= to_view
       AND NOT EXISTS (SELECT 1 FROM analytics_daily f WHERE f.day = v.day AND f.dimension = 'final')
  ), fresh AS (
    INSERT INTO analytics_seen (day, scope, visitor_hash)
    SELECT DISTINCT day, 'total', visitor_hash FROM batch
    ON CONFLICT DO NOTHING
    RETURNING day, visitor_hash
  ), fresh_total AS (
    SELECT day, count(*) AS n FROM fresh GROUP BY day
  ), fresh_device AS (
    -- The visitor hash includes the browser, so a visitor has one device: new visitors per device are exact.
    SELECT b.day, b.device, count(DISTINCT b.visitor_hash) AS n
      FROM batch b JOIN fresh f ON f.day = b.day AND f.visitor_hash = b.visitor_hash
     GROUP BY b.day, b.device
  )
  INSERT INTO analytics_daily AS a (day, dimension, key, views, visits, visitors)
  SELECT day, 'total', '', count(*), count(*) FILTER (WHERE entry), coalesce((SELECT n FROM fresh_total t WHERE t.day = b.day), 0)
    FROM batch b GROUP BY day
  UNION ALL
  SELECT day, 'device', device, count(*), count(*) FILTER (WHERE entry),
         coalesce((SELECT n FROM fresh_device d WHERE d.day = b.day AND d.device = b.device), 0)
    FROM batch b GROUP BY day, device
  UNION ALL
  SELECT day, 'page', path, count(*), count(*) FILTER (WHERE entry), count(DISTINCT visitor_hash) FROM batch GROUP BY day, path
  UNION ALL
  SELECT day, 'referrer', referrer_host, count(*), count(*), count(DISTINCT visitor_hash)
    FROM batch WHERE entry AND referrer_host IS NOT NULL GROUP BY day, referrer_host
  UNION ALL
  SELECT day, 'campaign', concat_ws(E'\t', coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, '')),
         count(*), count(*), count(DISTINCT visitor_hash)
    FROM batch WHERE entry AND (utm_source IS NOT NULL OR utm_medium IS NOT NULL OR utm_campaign IS NOT NULL)
   GROUP BY day, 3
  UNION ALL
  SELECT day, 'source', coalesce(utm_source, referrer_host, ''), count(*), count(*), count(DISTINCT visitor_hash)
    FROM batch WHERE entry GROUP BY day, 3
  ON CONFLICT (day, dimension, key) DO UPDATE
    SET views = a.views + excluded.views, visits = a.visits + excluded.visits, visitors = a.visitors + excluded.visitors;

  WITH batch AS MATERIALIZED (
    SELECT e.* FROM analytics_events e
     WHERE e.id > from_event AND e.id <= to_event
       AND NOT EXISTS (SELECT 1 FROM analytics_daily f WHERE f.day = e.day AND f.dimension = 'final')
  ), fresh AS (
    INSERT INTO analytics_seen (day, scope, visitor_hash)
    SELECT DISTINCT day, 'event:' || kind, visitor_hash FROM batch
    ON CONFLICT DO NOTHING
    RETURNING day, scope
  )
  INSERT INTO analytics_daily AS a (day, dimension, key, views, visits, visitors)
  SELECT day, 'event', kind, count(*), 0, coalesce((SELECT count(*) FROM fresh f WHERE f.day = b.day AND f.scope = 'event:' || b.kind), 0)
    FROM batch b GROUP BY day, kind
  ON CONFLICT (day, dimension, key) DO UPDATE
    SET views = a.views + excluded.views, visitors = a.visitors + excluded.visitors;

  UPDATE analytics_progress SET last_id = to_view WHERE name = 'views';
  UPDATE analytics_progress SET last_id = to_event WHERE name = 'events';
  RETURN (to_view - from_view) + (to_event - from_event);
END $$;--> statement-breakpoint
-- Rebuilds one day's rollups exactly from its raw rows, in one pass over them (docs/decisions/0112):
-- per dimension the top_n keys by views and one '(outras)' row for the rest, every visitor count
-- exact. closing: the day is over; it is marked 'final', its running state deleted, and every raw
-- row counts. Otherwise (a day still open) only the rows the running totals have read count, and
-- its visitors are remembered, so the next analytics_add_recent continues from there.
CREATE OR REPLACE FUNCTION analytics_roll_up_day(d date, top_n integer, closing boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  view_limit integer := CASE WHEN closing THEN 2147483647 ELSE coalesce((SELECT last_id FROM analytics_progress WHERE name = 'views'), 0) END;
  event_limit integer := CASE WHEN closing THEN 2147483647 ELSE coalesce((SELECT last_id FROM analytics_progress WHERE name = 'events'), 0) END;
BEGIN
  -- The distinct counts sort a day's rows: in memory, not on disk.
  PERFORM set_config('work_mem', '64MB', true);
  DELETE FROM analytics_daily WHERE day = d;
  DELETE FROM analytics_seen WHERE day = d;
  WITH v AS MATERIALIZED (
    SELECT path, entry, device, visitor_hash,
           CASE WHEN entry THEN referrer_host END AS referrer,
           CASE WHEN entry AND (utm_source IS NOT NULL OR utm_medium IS NOT NULL OR utm_campaign IS NOT NULL)
                THEN concat_ws(E'\t', coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, '')) END AS campaign,
           CASE WHEN entry THEN coalesce(utm_source, referrer_host, '') END AS source
      FROM page_views WHERE day = d AND id <= view_limit
  ), keyed AS MATERIALIZED (
    SELECT 'page' AS dimension, path AS key, entry, visitor_hash FROM v
    UNION ALL SELECT 'device', device, entry, visitor_hash FROM v
    UNION ALL SELECT 'referrer', referrer, true, visitor_hash FROM v WHERE referrer IS NOT NULL
    UNION ALL SELECT 'campaign', campaign, true, visitor_hash FROM v WHERE campaign IS NOT NULL
    UNION ALL SELECT 'source', source, true, visitor_hash FROM v WHERE source IS NOT NULL
  ), ranked AS (
    SELECT dimension, key, row_number() OVER (PARTITION BY dimension ORDER BY count(*) DESC, key) AS rank
      FROM keyed GROUP BY dimension, key
  )
  INSERT INTO analytics_daily (day, dimension, key, views, visits, visitors)
  SELECT d, 'total', '', count(*), count(*) FILTER (WHERE entry), count(DISTINCT visitor_hash) FROM v HAVING count(*) > 0
  UNION ALL
  SELECT d, k.dimension, CASE WHEN r.rank <= top_n THEN k.key ELSE '(outras)' END, count(*), count(*) FILTER (WHERE k.entry),
         count(DISTINCT k.visitor_hash)
    FROM keyed k JOIN ranked r ON r.dimension = k.dimension AND r.key = k.key
   GROUP BY k.dimension, 3
  UNION ALL
  SELECT d, 'event', kind, count(*), 0, count(DISTINCT visitor_hash)
    FROM analytics_events WHERE day = d AND id <= event_limit GROUP BY kind;
  IF closing THEN
    INSERT INTO analytics_daily (day, dimension, key) VALUES (d, 'final', '');
  ELSE
    INSERT INTO analytics_seen (day, scope, visitor_hash)
    SELECT DISTINCT d, 'total', visitor_hash FROM page_views WHERE day = d AND id <= view_limit
    UNION
    SELECT DISTINCT d, 'event:' || kind, visitor_hash FROM analytics_events WHERE day = d AND id <= event_limit;
  END IF;
END $$;
--> statement-breakpoint
-- The days still open (yesterday and today) rebuilt once from the rows already there, so today's
-- running totals go on from exact figures.
SELECT analytics_roll_up_day(d::date, 200, false)
  FROM generate_series((now() AT TIME ZONE 'America/Sao_Paulo')::date - 1, (now() AT TIME ZONE 'America/Sao_Paulo')::date, interval '1 day') d
 WHERE EXISTS (SELECT 1 FROM page_views v WHERE v.day = d::date);
