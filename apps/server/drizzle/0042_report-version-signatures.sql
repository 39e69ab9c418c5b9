ALTER TABLE "report_version" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "report_version" ADD COLUMN "signing_key_id" text;