CREATE INDEX "leads_subscribed_at_id_idx" ON "leads" USING btree ("subscribed_at","id");--> statement-breakpoint
CREATE INDEX "leads_source_subscribed_at_idx" ON "leads" USING btree ("source","subscribed_at");--> statement-breakpoint
CREATE INDEX "leads_unsynced_idx" ON "leads" USING btree ("subscribed_at") WHERE "leads"."convertkit_subscriber_id" is null;--> statement-breakpoint
-- hand-written
-- Leads search (`q`): a trigram index over the searched text, where the pg_trgm extension exists. PGlite has no
-- pg_trgm, so the block skips it there (and anywhere CREATE EXTENSION is refused); search still works unindexed.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS leads_search_trgm_idx ON leads USING gin (
    (lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) gin_trgm_ops
  );
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'leads_search_trgm_idx skipped: %', SQLERRM;
END
$$;
