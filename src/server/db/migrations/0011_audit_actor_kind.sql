ALTER TABLE "audit_log" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_country" text;--> statement-breakpoint
-- Older rows: a row without a user or client was a visitor when it is a roll-up or an action taken through an
-- e-mailed link (confirm the address, reset the password); otherwise its user has since been deleted.
UPDATE "audit_log" SET "actor_kind" = CASE
  WHEN "actor_user_id" IS NOT NULL THEN 'user'
  WHEN "actor_client_id" IS NOT NULL THEN 'client'
  WHEN "rollup_key" IS NOT NULL OR "action" IN ('user.confirm_email', 'user.password_reset', 'user.signup', 'user.sign_in_failed') THEN 'anonymous'
  ELSE 'user'
END;
