ALTER TABLE "jots" ADD COLUMN "dedup_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jots_dedup_key_idx" ON "jots" USING btree ("dedup_key") WHERE "jots"."dedup_key" is not null;