CREATE TABLE "analytics_daily" (
	"kind" text NOT NULL,
	"dim" text NOT NULL,
	"source" text NOT NULL,
	"country" text NOT NULL,
	"day" date NOT NULL,
	"value" text NOT NULL,
	"visits" integer NOT NULL,
	"views" integer NOT NULL,
	"bounces" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	CONSTRAINT "analytics_daily_pk" PRIMARY KEY("kind","dim","source","country","day","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_downloads_daily" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"campaign" text,
	"entry_path" text,
	"country" text,
	"downloads" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "analytics_hourly" CASCADE;--> statement-breakpoint
CREATE INDEX "analytics_downloads_daily_day_idx" ON "analytics_downloads_daily" USING btree ("day");