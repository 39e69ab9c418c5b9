CREATE TABLE "vibration_analysis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"measurement_date" date,
	"driver" text,
	"driven" text,
	"power_kw" double precision,
	"speed_rpm" double precision,
	"machine_group" text,
	"foundation" text,
	"finding" text,
	"analysis" text,
	"recommendation" text,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "vibration_bently_nevada" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vibration_analysis_id" uuid NOT NULL,
	"probe_location" text NOT NULL,
	"measurement_date" date NOT NULL,
	"machine_speed_rpm" double precision,
	"direct_amplitude_xum_pk_pk" double precision,
	"direct_amplitude_yum_pk_pk" double precision,
	"one_xamplitude_xum_pk_pk" double precision,
	"one_xphase_xdeg" double precision,
	"one_xamplitude_yum_pk_pk" double precision,
	"one_xphase_ydeg" double precision,
	"gap_voltage_xv" double precision,
	"gap_voltage_yv" double precision,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "vibration_flow_rate_performance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vibration_analysis_id" uuid NOT NULL,
	"suction_pressure_bar" double precision,
	"discharge_pressure_bar" double precision,
	"flow_m3_per_h" double precision,
	"head_m" double precision,
	"efficiency_percent" double precision,
	"rated_flow_m3_per_h" double precision,
	"rated_head_m" double precision,
	"rated_efficiency_percent" double precision,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "vibration_measurement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vibration_analysis_id" uuid NOT NULL,
	"measurement_point" text NOT NULL,
	"direction" text NOT NULL,
	"measurement_date" date NOT NULL,
	"velocity_rms_mm_per_s" double precision,
	"acceleration_g" double precision,
	"displacement_um_pk_pk" double precision,
	"bearing_temperature_c" double precision,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "vibration_operating_parameter" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vibration_analysis_id" uuid NOT NULL,
	"parameter" text NOT NULL,
	"unit" text,
	"value" double precision,
	"remarks" text
);
--> statement-breakpoint
ALTER TABLE "vibration_analysis" ADD CONSTRAINT "vibration_analysis_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vibration_bently_nevada" ADD CONSTRAINT "vibration_bently_nevada_vibration_analysis_id_vibration_analysis_id_fk" FOREIGN KEY ("vibration_analysis_id") REFERENCES "public"."vibration_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vibration_flow_rate_performance" ADD CONSTRAINT "vibration_flow_rate_performance_vibration_analysis_id_vibration_analysis_id_fk" FOREIGN KEY ("vibration_analysis_id") REFERENCES "public"."vibration_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vibration_measurement" ADD CONSTRAINT "vibration_measurement_vibration_analysis_id_vibration_analysis_id_fk" FOREIGN KEY ("vibration_analysis_id") REFERENCES "public"."vibration_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vibration_operating_parameter" ADD CONSTRAINT "vibration_operating_parameter_vibration_analysis_id_vibration_analysis_id_fk" FOREIGN KEY ("vibration_analysis_id") REFERENCES "public"."vibration_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vibration_analysis_parent_unique" ON "vibration_analysis" USING btree ("report_header_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vibration_analysis_natural_key" ON "vibration_analysis" USING btree ("report_header_id");--> statement-breakpoint
CREATE INDEX "vibration_bently_nevada_parent_list_idx" ON "vibration_bently_nevada" USING btree ("vibration_analysis_id","probe_location","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vibration_bently_nevada_series_idx" ON "vibration_bently_nevada" USING btree ("vibration_analysis_id","probe_location","measurement_date");--> statement-breakpoint
CREATE UNIQUE INDEX "vibration_bently_nevada_natural_key" ON "vibration_bently_nevada" USING btree ("vibration_analysis_id","probe_location","measurement_date");--> statement-breakpoint
CREATE UNIQUE INDEX "vibration_flow_rate_performance_parent_unique" ON "vibration_flow_rate_performance" USING btree ("vibration_analysis_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vibration_flow_rate_performance_natural_key" ON "vibration_flow_rate_performance" USING btree ("vibration_analysis_id");--> statement-breakpoint
CREATE INDEX "vibration_measurement_parent_list_idx" ON "vibration_measurement" USING btree ("vibration_analysis_id","measurement_point","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "vibration_measurement_series_idx" ON "vibration_measurement" USING btree ("vibration_analysis_id","measurement_point","direction","measurement_date");--> statement-breakpoint
CREATE UNIQUE INDEX "vibration_measurement_natural_key" ON "vibration_measurement" USING btree ("vibration_analysis_id","measurement_point","direction","measurement_date");--> statement-breakpoint
CREATE INDEX "vibration_measurement_measurement_point_trgm" ON "vibration_measurement" USING gin ("measurement_point" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vibration_operating_parameter_parent_list_idx" ON "vibration_operating_parameter" USING btree ("vibration_analysis_id","parameter","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "vibration_operating_parameter_natural_key" ON "vibration_operating_parameter" USING btree ("vibration_analysis_id","parameter");