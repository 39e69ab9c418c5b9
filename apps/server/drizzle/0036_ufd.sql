CREATE TABLE "ufd_inspection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"measurement_date" date NOT NULL,
	"procedure_name" text,
	"acceptance_code" text,
	"scanning_technique" text,
	"sensitivity_level" text,
	"job_or_joint" text,
	"mat_thickness" double precision,
	"welding_prep" text,
	"welding_process" text,
	"surface_condition" text,
	"equipment_used" text,
	"equipment_serial_number" text,
	"test_block_used" text,
	"couplant_used" text,
	"probe_used" text,
	"probe_serial_number" text,
	"finding" text,
	"recommendation" text,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ufd_summary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ufd_inspection_id" uuid NOT NULL,
	"measurement_date" date NOT NULL,
	"part_of_subject" text NOT NULL,
	"defect_location_from_yaxis" double precision,
	"transducer_angle" double precision,
	"decibels_defect_sensitivity_level" double precision,
	"decibels_defect_reference_level" double precision,
	"decibels_defect_height_of_screen_percentage" double precision,
	"decibels_defect_thickness" double precision,
	"decibels_defect_length" double precision,
	"decibels_defect_angular_distance" double precision,
	"decibels_defect_type" text,
	"examination_time" text,
	"result" text NOT NULL,
	"variant" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ufd_inspection" ADD CONSTRAINT "ufd_inspection_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ufd_summary" ADD CONSTRAINT "ufd_summary_ufd_inspection_id_ufd_inspection_id_fk" FOREIGN KEY ("ufd_inspection_id") REFERENCES "public"."ufd_inspection"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ufd_inspection_parent_list_idx" ON "ufd_inspection" USING btree ("report_header_id","measurement_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ufd_inspection_job_or_joint_trgm" ON "ufd_inspection" USING gin ("job_or_joint" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ufd_inspection_procedure_name_trgm" ON "ufd_inspection" USING gin ("procedure_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ufd_inspection_finding_trgm" ON "ufd_inspection" USING gin ("finding" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ufd_summary_parent_list_idx" ON "ufd_summary" USING btree ("ufd_inspection_id","measurement_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ufd_summary_part_of_subject_trgm" ON "ufd_summary" USING gin ("part_of_subject" gin_trgm_ops);