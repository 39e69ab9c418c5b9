CREATE TABLE "approval_option" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"signature_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "approval_option_one_row" CHECK ("approval_option"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "report_header" ADD COLUMN "superseded_by" uuid;