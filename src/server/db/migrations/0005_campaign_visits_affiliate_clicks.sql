CREATE TABLE "affiliate_product_daily_clicks" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_product_daily_clicks_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_daily_visits" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_daily_visits_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "blog_ads" ADD COLUMN "affiliate_product_id" integer;--> statement-breakpoint
ALTER TABLE "affiliate_product_daily_clicks" ADD CONSTRAINT "affiliate_product_daily_clicks_product_id_affiliate_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."affiliate_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_daily_visits" ADD CONSTRAINT "campaign_daily_visits_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_ads" ADD CONSTRAINT "blog_ads_affiliate_product_id_affiliate_products_id_fk" FOREIGN KEY ("affiliate_product_id") REFERENCES "public"."affiliate_products"("id") ON DELETE set null ON UPDATE no action;