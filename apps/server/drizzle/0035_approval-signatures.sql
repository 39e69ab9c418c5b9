ALTER TABLE "report_approval_step" ADD COLUMN "signature_key" text;--> statement-breakpoint
ALTER TABLE "report_approval_step" ADD COLUMN "signature_media_type" text;--> statement-breakpoint
CREATE INDEX "report_approval_step_signature_idx" ON "report_approval_step" USING btree ("signature_key");