-- Decision 0071: the roll-ups count the events marked `rolled`, no longer those before analytics_rollup.rolled_until.
-- The events before that mark are in the roll-ups: they take the column's first default (true, no table rewrite),
-- the events from the mark on are then marked not rolled, for the roll-up job's next run.
ALTER TABLE "analytics_events" ADD COLUMN "rolled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ALTER COLUMN "rolled" SET DEFAULT false;--> statement-breakpoint
UPDATE "analytics_events" SET "rolled" = false WHERE "at" >= coalesce((SELECT "rolled_until" FROM "analytics_rollup" WHERE "id" = 1), '-infinity'::timestamptz);--> statement-breakpoint
DROP TABLE "analytics_rollup" CASCADE;--> statement-breakpoint
DROP INDEX "analytics_downloads_daily_day_idx";--> statement-breakpoint
CREATE INDEX "analytics_events_pending_idx" ON "analytics_events" USING btree ("at") WHERE not "analytics_events"."rolled";--> statement-breakpoint
ALTER TABLE "analytics_downloads_daily" ADD CONSTRAINT "analytics_downloads_daily_key" UNIQUE NULLS NOT DISTINCT("day","source","campaign","entry_path","country");
--> statement-breakpoint
-- The funnel's download clicks per group (source, campaign, entry page), unfiltered, per source and per country,
-- from the rows per day and attribution: the roll-up job adds to both from now on.
INSERT INTO "analytics_daily" ("kind", "dim", "source", "country", "day", "value", "visits", "views", "bounces", "duration_ms")
SELECT 'download', x.dim, CASE WHEN grouping(d.source) = 0 THEN d.source ELSE '' END,
       CASE WHEN grouping(d.country) = 0 THEN d.country ELSE '' END, d.day, x.value, sum(d.downloads), sum(d.downloads), 0, 0
FROM "analytics_downloads_daily" AS d
CROSS JOIN LATERAL (VALUES ('source', d.source), ('campaign', d.campaign), ('entry', d.entry_path)) AS x(dim, value)
WHERE x.value IS NOT NULL
GROUP BY GROUPING SETS ((x.dim, d.day, x.value), (x.dim, d.day, x.value, d.source), (x.dim, d.day, x.value, d.country))
HAVING grouping(d.country) = 1 OR d.country IS NOT NULL;
