CREATE TABLE "upload_images" (
	"name" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_key" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
