CREATE TABLE "revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_type" text NOT NULL,
	"document_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"restored_from" bigint,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revisions_document_idx" ON "revisions" USING btree ("document_type","document_id","id" DESC NULLS LAST);