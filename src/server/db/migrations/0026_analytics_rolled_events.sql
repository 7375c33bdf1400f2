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
