ALTER TABLE "report_header" ADD COLUMN "status_comment" text;--> statement-breakpoint
ALTER TABLE "report_header" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_header" ADD COLUMN "revision_of" uuid;