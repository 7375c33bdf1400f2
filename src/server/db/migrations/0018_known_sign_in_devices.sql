CREATE TABLE "known_sign_in_devices" (
	"user_id" integer NOT NULL,
	"device" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_sign_in_devices_user_id_device_country_pk" PRIMARY KEY("user_id","device","country")
);
--> statement-breakpoint
ALTER TABLE "known_sign_in_devices" ADD CONSTRAINT "known_sign_in_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The devices of today's sessions are known already: an account signed in before this migration is not mailed for them.
INSERT INTO "known_sign_in_devices" ("user_id", "device", "country", "first_seen_at", "last_seen_at")
SELECT "user_id", "device", coalesce("country", ''), min("created_at"), max("last_seen_at") FROM "sessions" GROUP BY "user_id", "device", coalesce("country", '')
ON CONFLICT DO NOTHING;
