ALTER TABLE "analytics_daily" ADD COLUMN "page" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" DROP CONSTRAINT "analytics_daily_pk";
--> statement-breakpoint
-- The figures ride in the key's index (decision 0082): a read is an index-only scan of its range, never one heap
-- page per row (the roll-up is ~6 times larger, past what stays cached: 27,000 heap pages for a 90-day list).
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_pk" PRIMARY KEY("kind","dim","page","source","country","day","value") INCLUDE ("visits","views","bounces","duration_ms");--> statement-breakpoint
-- Decision 0082: the roll-up also holds every dimension under source and country together, and the visit
-- dimensions under a page filter alone (the visits' views of that page). Filled here from the rolled events, as
-- the roll-up counts them (each visit made of its rolled events: lib/analytics-changes.ts, as the job computes
-- them); the roll-up job adds the events not rolled yet from now on. Every event of issue 40 is still kept (raw
-- events live 30 days), so no earlier day is left out.
WITH "e" AS (
  SELECT "kind", "visitor_hash", ("at" AT TIME ZONE 'UTC')::date AS "day", "at", "path",
         first_value("path") OVER "visit" AS "v_entry",
         first_value(coalesce("utm_source", "referrer_domain", '(direct)')) OVER "visit" AS "v_source",
         first_value("utm_campaign") OVER "visit" AS "v_campaign",
         first_value("referrer_domain") OVER "visit" AS "v_referrer",
         first_value("country") OVER "visit" AS "v_country",
         first_value("device") OVER "visit" AS "v_device",
         first_value("browser") OVER "visit" AS "v_browser"
  FROM "analytics_events"
  WHERE "rolled" AND "kind" IN ('view', 'not_found')
  WINDOW "visit" AS (PARTITION BY "kind", "visitor_hash", ("at" AT TIME ZONE 'UTC')::date ORDER BY "at", "id")
), "visits" AS (
  SELECT "kind", "day", "v_entry", "v_source", "v_campaign", "v_referrer", "v_country", "v_device", "v_browser",
         count(*) AS "n", coalesce((extract(epoch FROM max("at") - min("at")) * 1000)::bigint, 0) AS "d"
  FROM "e"
  GROUP BY "kind", "visitor_hash", "day", "v_entry", "v_source", "v_campaign", "v_referrer", "v_country", "v_device", "v_browser"
), "visit_pages" AS (
  SELECT "kind", "day", "path", "v_entry", "v_source", "v_campaign", "v_referrer", "v_country", "v_device", "v_browser",
         count(*) AS "n", coalesce((extract(epoch FROM max("at") - min("at")) * 1000)::bigint, 0) AS "d"
  FROM "e"
  GROUP BY "kind", "visitor_hash", "day", "path", "v_entry", "v_source", "v_campaign", "v_referrer", "v_country", "v_device", "v_browser"
)
INSERT INTO "analytics_daily" ("kind", "dim", "page", "source", "country", "day", "value", "visits", "views", "bounces", "duration_ms")
-- Every visit dimension under source and country together.
SELECT "kind", x."dim", '', "v_source", "v_country", "day", x."value", count(*), sum("n"), count(*) FILTER (WHERE "n" = 1), sum("d")
FROM "visits"
CROSS JOIN LATERAL (VALUES ('total', ''), ('entry', "v_entry"), ('source', "v_source"), ('campaign', "v_campaign"),
  ('referrer', "v_referrer"), ('country', coalesce("v_country", '(unknown)')), ('device', "v_device"), ('browser', "v_browser")) AS x("dim", "value")
WHERE x."value" IS NOT NULL AND "v_country" IS NOT NULL
GROUP BY "kind", x."dim", "v_source", "v_country", "day", x."value"
UNION ALL
-- Each page's own figures under source and country together.
SELECT "kind", 'page', '', "v_source", "v_country", "day", "path", count(*), sum("n"), count(*) FILTER (WHERE "n" = 1), sum("d")
FROM "visit_pages"
WHERE "v_country" IS NOT NULL
GROUP BY "kind", "v_source", "v_country", "day", "path"
UNION ALL
-- The visit dimensions of page views under each page filter.
SELECT "kind", x."dim", "path", '', '', "day", x."value", count(*), sum("n"), count(*) FILTER (WHERE "n" = 1), sum("d")
FROM "visit_pages"
CROSS JOIN LATERAL (VALUES ('entry', "v_entry"), ('source', "v_source"), ('campaign', "v_campaign"), ('referrer', "v_referrer"),
  ('country', coalesce("v_country", '(unknown)')), ('device', "v_device"), ('browser', "v_browser")) AS x("dim", "value")
WHERE "kind" = 'view' AND x."value" IS NOT NULL
GROUP BY "kind", x."dim", "path", "day", x."value";
--> statement-breakpoint
-- The funnel's download clicks per group under source and country together, and under their visit's entry page
-- (the funnel's page filter), from the rows per day and attribution.
INSERT INTO "analytics_daily" ("kind", "dim", "page", "source", "country", "day", "value", "visits", "views", "bounces", "duration_ms")
SELECT 'download', x."dim", '', d."source", d."country", d."day", x."value", sum(d."downloads"), sum(d."downloads"), 0, 0
FROM "analytics_downloads_daily" AS d
CROSS JOIN LATERAL (VALUES ('source', d."source"), ('campaign', d."campaign"), ('entry', d."entry_path")) AS x("dim", "value")
WHERE x."value" IS NOT NULL AND d."country" IS NOT NULL
GROUP BY x."dim", d."source", d."country", d."day", x."value"
UNION ALL
SELECT 'download', x."dim", d."entry_path", '', '', d."day", x."value", sum(d."downloads"), sum(d."downloads"), 0, 0
FROM "analytics_downloads_daily" AS d
CROSS JOIN LATERAL (VALUES ('source', d."source"), ('campaign', d."campaign"), ('entry', d."entry_path")) AS x("dim", "value")
WHERE x."value" IS NOT NULL AND d."entry_path" IS NOT NULL
GROUP BY x."dim", d."entry_path", d."day", x."value";
--> statement-breakpoint
-- The key's columns are correlated (a row under a page filter has no source or country; most rows have one of
-- them): estimated as independent, an unfiltered read's rows were guessed 60 times too many at 60 M rows and the
-- planner scanned the table (11 s for 27,000 rows). Their combinations' frequencies, sampled widely, let it take
-- the key's range (decision 0082).
CREATE STATISTICS "analytics_daily_key_stats" (mcv) ON "kind", "dim", "page", "source", "country" FROM "analytics_daily";--> statement-breakpoint
ALTER STATISTICS "analytics_daily_key_stats" SET STATISTICS 10000;
