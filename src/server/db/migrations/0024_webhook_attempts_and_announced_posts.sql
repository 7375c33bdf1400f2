CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"response_status" integer,
	"duration_ms" integer NOT NULL,
	"response_snippet" text,
	"error" text,
	"next_attempt_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "blog_posts_unannounced_idx" ON "blog_posts" USING btree ("published_at") WHERE is_published and announced_at is null;--> statement-breakpoint
-- Decision 0067: every post published before this migration had its post.published recorded at its save (scheduled
-- ones included), so none is announced again by the sweep.
UPDATE "blog_posts" SET "announced_at" = now() WHERE "is_published";--> statement-breakpoint
-- The last attempt each delivery kept becomes its one known attempt (earlier ones were never stored).
INSERT INTO "webhook_attempts" ("delivery_id", "attempt", "attempted_at", "response_status", "duration_ms", "response_snippet", "next_attempt_at")
SELECT "id", "attempts", "last_attempt_at", "response_status", COALESCE("duration_ms", 0), "response_snippet",
  CASE WHEN "status" = 'pending' THEN "next_attempt_at" END
FROM "webhook_deliveries" WHERE "attempts" > 0 AND "last_attempt_at" IS NOT NULL;
