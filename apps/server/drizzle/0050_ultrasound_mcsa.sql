CREATE TABLE "mcsa_test" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"test_date" date NOT NULL,
	"motor_tag" text,
	"manufacturer" text,
	"model" text,
	"rated_power_kw" double precision,
	"rated_voltage_v" double precision,
	"rated_current_a" double precision,
	"rated_speed_rpm" double precision,
	"poles" integer,
	"rotor_bars" integer,
	"line_frequency_hz" integer,
	"load_current_a" double precision,
	"sideband_db_down" double precision,
	"finding" text,
	"recommendation" text,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "ultrasound_analysis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"finding" text,
	"recommendation" text,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "ultrasound_inspection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ultrasound_analysis_id" uuid NOT NULL,
	"inspection_date" date NOT NULL,
	"area" text,
	"instrument" text,
	"instrument_serial_number" text,
	"sensor" text,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "ultrasound_measurement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ultrasound_analysis_id" uuid NOT NULL,
	"date_time" date NOT NULL,
	"measurement_point_name" text NOT NULL,
	"ultrasound_value_db" double precision,
	"is_baseline" boolean,
	"mode" text,
	"frequency_hz" double precision,
	"percent_sensitivity" double precision,
	"condition" text,
	"remarks" text,
	"verdict_override_reason" text
);
--> statement-breakpoint
ALTER TABLE "mcsa_test" ADD CONSTRAINT "mcsa_test_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ultrasound_analysis" ADD CONSTRAINT "ultrasound_analysis_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ultrasound_inspection" ADD CONSTRAINT "ultrasound_inspection_ultrasound_analysis_id_ultrasound_analysis_id_fk" FOREIGN KEY ("ultrasound_analysis_id") REFERENCES "public"."ultrasound_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ultrasound_measurement" ADD CONSTRAINT "ultrasound_measurement_ultrasound_analysis_id_ultrasound_analysis_id_fk" FOREIGN KEY ("ultrasound_analysis_id") REFERENCES "public"."ultrasound_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcsa_test_parent_list_idx" ON "mcsa_test" USING btree ("report_header_id","test_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mcsa_test_list_idx" ON "mcsa_test" USING btree ("test_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mcsa_test_motor_tag_trgm" ON "mcsa_test" USING gin ("motor_tag" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mcsa_test_manufacturer_trgm" ON "mcsa_test" USING gin ("manufacturer" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mcsa_test_model_trgm" ON "mcsa_test" USING gin ("model" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mcsa_test_finding_trgm" ON "mcsa_test" USING gin ("finding" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ultrasound_analysis_parent_unique" ON "ultrasound_analysis" USING btree ("report_header_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ultrasound_analysis_natural_key" ON "ultrasound_analysis" USING btree ("report_header_id");--> statement-breakpoint
CREATE INDEX "ultrasound_inspection_parent_list_idx" ON "ultrasound_inspection" USING btree ("ultrasound_analysis_id","inspection_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ultrasound_inspection_area_trgm" ON "ultrasound_inspection" USING gin ("area" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ultrasound_inspection_instrument_trgm" ON "ultrasound_inspection" USING gin ("instrument" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ultrasound_measurement_parent_list_idx" ON "ultrasound_measurement" USING btree ("ultrasound_analysis_id","date_time" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ultrasound_measurement_list_idx" ON "ultrasound_measurement" USING btree ("date_time" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ultrasound_measurement_date_time_list_idx" ON "ultrasound_measurement" USING btree ("date_time" DESC NULLS FIRST,"date_time","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ultrasound_measurement_series_idx" ON "ultrasound_measurement" USING btree ("ultrasound_analysis_id","measurement_point_name","date_time");--> statement-breakpoint
CREATE INDEX "ultrasound_measurement_measurement_point_name_trgm" ON "ultrasound_measurement" USING gin ("measurement_point_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ultrasound_measurement_remarks_trgm" ON "ultrasound_measurement" USING gin ("remarks" gin_trgm_ops);