CREATE TABLE "affiliate_product_click_visitors" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "affiliate_product_click_visitors_product_id_day_visitor_hash_pk" PRIMARY KEY("product_id","day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "campaign_visitors" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "campaign_visitors_campaign_id_day_visitor_hash_pk" PRIMARY KEY("campaign_id","day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "rollup_key" text;--> statement-breakpoint
ALTER TABLE "affiliate_product_click_visitors" ADD CONSTRAINT "affiliate_product_click_visitors_product_id_affiliate_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."affiliate_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_visitors" ADD CONSTRAINT "campaign_visitors_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_rollup_key_unique" ON "audit_log" USING btree ("rollup_key");