CREATE TABLE "messages" (
	"kind" text NOT NULL,
	"id" serial NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	CONSTRAINT "messages_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
-- Every row of the two old tables moves, with its id (the inbox's and the audit log's reference) and all its fields.
INSERT INTO "messages" ("kind", "id", "name", "email", "company", "subject", "message", "ip_address", "user_agent", "created_at", "read_at", "archived_at")
SELECT 'feedback', "id", "name", "email", NULL, "subject", "message", "ip_address", "user_agent", "created_at", "read_at", "archived_at" FROM "feedback";--> statement-breakpoint
INSERT INTO "messages" ("kind", "id", "name", "email", "company", "subject", "message", "ip_address", "user_agent", "created_at", "read_at", "archived_at")
SELECT 'contact', "id", "name", "email", "company", "subject", "message", "ip_address", "user_agent", "created_at", "read_at", "archived_at" FROM "contact_messages";--> statement-breakpoint
-- New messages are numbered after the highest id of either table.
SELECT setval(pg_get_serial_sequence('messages', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "messages"), false);--> statement-breakpoint
DROP TABLE "contact_messages" CASCADE;--> statement-breakpoint
DROP TABLE "feedback" CASCADE;--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);