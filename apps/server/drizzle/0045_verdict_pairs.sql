CREATE TABLE "verdict_acceptance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_header_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"row_id" uuid NOT NULL,
	"recorded" text NOT NULL,
	"standard" text NOT NULL,
	"level" integer,
	"accepted_by" uuid NOT NULL,
	"accepted_by_name" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ufd_summary" ADD COLUMN "verdict_override_reason" text;--> statement-breakpoint
ALTER TABLE "verdict_acceptance" ADD CONSTRAINT "verdict_acceptance_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verdict_acceptance_row_idx" ON "verdict_acceptance" USING btree ("row_id","recorded","standard");--> statement-breakpoint
CREATE INDEX "verdict_acceptance_report_idx" ON "verdict_acceptance" USING btree ("report_header_id");