DROP INDEX "jots_sender_country_idx";--> statement-breakpoint
DROP INDEX "jots_app_version_idx";--> statement-breakpoint
DROP INDEX "jots_plugin_idx";--> statement-breakpoint
DROP INDEX "jots_created_at_idx";--> statement-breakpoint
DROP INDEX "jots_client_id_idx";--> statement-breakpoint
CREATE INDEX "jots_encrypted_payload_hash_idx" ON "jots" USING hash ("encrypted_payload");--> statement-breakpoint
CREATE INDEX "jots_created_at_idx" ON "jots" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "jots_client_id_idx" ON "jots" USING btree ("client_id","created_at","id");--> statement-breakpoint
-- hand-written (issue 13, decision 0013; re-append after regenerating). The admin searches compare lower(field)
-- and list newest first; the INCLUDEd column lets the capped count be an index-only scan (Drizzle has no INCLUDE).
CREATE INDEX IF NOT EXISTS "jots_app_version_search_idx" ON "jots" USING btree (lower("app_version"), "created_at", "id") INCLUDE ("app_version");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jots_plugin_search_idx" ON "jots" USING btree (lower("plugin"), "created_at", "id") INCLUDE ("plugin");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jots_client_id_search_idx" ON "jots" USING btree (lower("client_id"), "created_at", "id") INCLUDE ("client_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jots_sender_country_search_idx" ON "jots" USING btree (lower("sender_country"), "created_at", "id") INCLUDE ("sender_country");--> statement-breakpoint
-- The "contains" search of the decrypted jot text (ILIKE '%…%', 3 characters or more) from a trigram index.
-- PGlite loads the pg_trgm contrib extension (db/client.ts), so this runs on both; where CREATE EXTENSION is
-- refused the index is skipped and the search still answers, unindexed.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS jots_text_trgm_idx ON jots USING gin (jot_text gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'jots_text_trgm_idx skipped: %', SQLERRM;
END
$$;--> statement-breakpoint
-- Statistics of the new expression indexes, so the planner knows how common each value is from the start.
ANALYZE jots;
