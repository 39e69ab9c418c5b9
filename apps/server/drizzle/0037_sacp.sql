CREATE TABLE "sacp_inspection" (
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
	"probe_used" text,
	"probe_serial_number" text,
	"test_block_used" text,
	"couplant_used" text,
	"finding" text,
	"recommendation" text,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sacp_measurement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sacp_inspection_id" uuid NOT NULL,
	"measurement_date" date NOT NULL,
	"test_point" text,
	"pkm" double precision,
	"pile_number" text,
	"joint_number" text,
	"ld_or_bwdor_fwd" text,
	"latitude_degree" integer,
	"latitude_minutes" integer,
	"latitude_seconds" double precision,
	"latitude_hemisphere" text,
	"longitude_degree" integer,
	"longitude_minutes" integer,
	"longitude_seconds" double precision,
	"longitude_hemisphere" text,
	"pipe_position" text,
	"potential" double precision,
	"potential_reading" double precision,
	"native_potential" double precision,
	"reference_electrode" text DEFAULT 'cse' NOT NULL,
	"connected_yes_no" boolean,
	"soil_condition" text,
	"water_condition" text,
	"row_case" text,
	"recommendation" text,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sacp_inspection" ADD CONSTRAINT "sacp_inspection_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sacp_measurement" ADD CONSTRAINT "sacp_measurement_sacp_inspection_id_sacp_inspection_id_fk" FOREIGN KEY ("sacp_inspection_id") REFERENCES "public"."sacp_inspection"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sacp_inspection_parent_list_idx" ON "sacp_inspection" USING btree ("report_header_id","measurement_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "sacp_inspection_job_or_joint_trgm" ON "sacp_inspection" USING gin ("job_or_joint" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sacp_inspection_procedure_name_trgm" ON "sacp_inspection" USING gin ("procedure_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sacp_inspection_finding_trgm" ON "sacp_inspection" USING gin ("finding" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sacp_measurement_parent_list_idx" ON "sacp_measurement" USING btree ("sacp_inspection_id","pkm","test_point","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "sacp_measurement_test_point_trgm" ON "sacp_measurement" USING gin ("test_point" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sacp_measurement_joint_number_trgm" ON "sacp_measurement" USING gin ("joint_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sacp_measurement_pile_number_trgm" ON "sacp_measurement" USING gin ("pile_number" gin_trgm_ops);