CREATE TABLE "recommendation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment_no" text NOT NULL,
	"report_header_id" uuid NOT NULL,
	"inspection_method" text NOT NULL,
	"graded_entity" text NOT NULL,
	"graded_row_id" text NOT NULL,
	"finding" text NOT NULL,
	"grade" text NOT NULL,
	"severity" text NOT NULL,
	"due_date" date NOT NULL,
	"owner_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"evidence_comment" text,
	"evidence_report_id" uuid,
	"work_order_spkid" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" text
);
--> statement-breakpoint
ALTER TABLE "recommendation" ADD CONSTRAINT "recommendation_equipment_no_equipment_equipment_no_fk" FOREIGN KEY ("equipment_no") REFERENCES "public"."equipment"("equipment_no") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "recommendation" ADD CONSTRAINT "recommendation_inspection_method_inspection_method_code_fk" FOREIGN KEY ("inspection_method") REFERENCES "public"."inspection_method"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_natural_key" ON "recommendation" USING btree ("graded_entity","graded_row_id");--> statement-breakpoint
CREATE INDEX "recommendation_equipment_no_idx" ON "recommendation" USING btree ("equipment_no","status");--> statement-breakpoint
CREATE INDEX "recommendation_report_idx" ON "recommendation" USING btree ("report_header_id");--> statement-breakpoint
CREATE INDEX "recommendation_work_order_idx" ON "recommendation" USING btree ("work_order_spkid");--> statement-breakpoint
CREATE INDEX "recommendation_due_idx" ON "recommendation" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "recommendation_finding_trgm" ON "recommendation" USING gin ("finding" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recommendation_equipment_no_trgm" ON "recommendation" USING gin ("equipment_no" gin_trgm_ops);