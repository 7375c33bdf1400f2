-- Staff roles (issue 36, decision 0050): one role per user replaces the is_admin flag, which stays as a column the
-- database derives from the role. Every admin stays an admin; the earliest admin becomes the owner, so one owner
-- exists from the start; every other user is a user.
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
UPDATE "users" SET "role" = CASE WHEN "is_admin" THEN 'admin' ELSE 'user' END;--> statement-breakpoint
UPDATE "users" SET "role" = 'owner' WHERE "id" = (SELECT min("id") FROM "users" WHERE "is_admin");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean GENERATED ALWAYS AS (role in ('owner', 'admin')) STORED NOT NULL;
