CREATE TABLE "ndt_equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment_no" text NOT NULL,
	"tag_number" text,
	"description" text,
	"object_type" text,
	"location" text
);
--> statement-breakpoint
CREATE TABLE "ndt_isometric" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ndt_equipment_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"drawing_number" text,
	"revision" text
);
--> statement-breakpoint
CREATE TABLE "report_supporting_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "vci_analysis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"measurement_date" date,
	"finding" text,
	"analysis" text,
	"recommendation" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vci_summary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vci_analysis_id" uuid NOT NULL,
	"measurement_date" date NOT NULL,
	"location" text NOT NULL,
	"segment_piping_number" text,
	"feature" text NOT NULL,
	"vci_spot_number" text,
	"severity" text NOT NULL,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walkthrough_inspection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"inspection_date" date NOT NULL,
	"finding" text,
	"recommendation" text,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walkthrough_summary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"walkthrough_inspection_id" uuid NOT NULL,
	"inspection_date" date NOT NULL,
	"inspection_area" text NOT NULL,
	"finding" text NOT NULL,
	"condition" text NOT NULL,
	"severity" text NOT NULL,
	"recommendation" text,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ndt_isometric" ADD CONSTRAINT "ndt_isometric_ndt_equipment_id_ndt_equipment_id_fk" FOREIGN KEY ("ndt_equipment_id") REFERENCES "public"."ndt_equipment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_supporting_document" ADD CONSTRAINT "report_supporting_document_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vci_analysis" ADD CONSTRAINT "vci_analysis_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vci_summary" ADD CONSTRAINT "vci_summary_vci_analysis_id_vci_analysis_id_fk" FOREIGN KEY ("vci_analysis_id") REFERENCES "public"."vci_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_inspection" ADD CONSTRAINT "walkthrough_inspection_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_summary" ADD CONSTRAINT "walkthrough_summary_walkthrough_inspection_id_walkthrough_inspection_id_fk" FOREIGN KEY ("walkthrough_inspection_id") REFERENCES "public"."walkthrough_inspection"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ndt_equipment_equipment_no_unique" ON "ndt_equipment" USING btree ("equipment_no");--> statement-breakpoint
CREATE INDEX "ndt_equipment_equipment_no_trgm" ON "ndt_equipment" USING gin ("equipment_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ndt_equipment_tag_number_trgm" ON "ndt_equipment" USING gin ("tag_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ndt_equipment_description_trgm" ON "ndt_equipment" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ndt_isometric_parent_list_idx" ON "ndt_isometric" USING btree ("ndt_equipment_id","file_name","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "ndt_isometric_file_name_unique" ON "ndt_isometric" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "report_supporting_document_parent_list_idx" ON "report_supporting_document" USING btree ("report_header_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "vci_analysis_parent_unique" ON "vci_analysis" USING btree ("report_header_id","variant");--> statement-breakpoint
CREATE INDEX "vci_summary_parent_list_idx" ON "vci_summary" USING btree ("vci_analysis_id","measurement_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vci_summary_location_trgm" ON "vci_summary" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vci_summary_segment_piping_number_trgm" ON "vci_summary" USING gin ("segment_piping_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vci_summary_vci_spot_number_trgm" ON "vci_summary" USING gin ("vci_spot_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "walkthrough_inspection_parent_list_idx" ON "walkthrough_inspection" USING btree ("report_header_id","inspection_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "walkthrough_inspection_list_idx" ON "walkthrough_inspection" USING btree ("variant","inspection_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "walkthrough_inspection_finding_trgm" ON "walkthrough_inspection" USING gin ("finding" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "walkthrough_inspection_remarks_trgm" ON "walkthrough_inspection" USING gin ("remarks" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "walkthrough_summary_parent_list_idx" ON "walkthrough_summary" USING btree ("walkthrough_inspection_id","inspection_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "walkthrough_summary_list_idx" ON "walkthrough_summary" USING btree ("variant","inspection_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "walkthrough_summary_inspection_area_trgm" ON "walkthrough_summary" USING gin ("inspection_area" gin_trgm_ops);