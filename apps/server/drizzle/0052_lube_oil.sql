CREATE TABLE "lube_oil_analysis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"sample_date" date NOT NULL,
	"laboratory" text,
	"sample_number" text,
	"hours_on_oil" double precision,
	"oil_brand" text,
	"oil_grade" text,
	"new_oil_iso_vg" integer,
	"new_oil_viscosity40_cst" double precision,
	"new_oil_tan_mg_koh_g" double precision,
	"target_iso_code" text,
	"finding" text,
	"recommendation" text,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "lube_oil_component" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lube_oil_analysis_id" uuid NOT NULL,
	"component" text NOT NULL,
	"viscosity40_cst" double precision,
	"water_ppm" double precision,
	"tan_mg_koh_g" double precision,
	"oxidation_abs_per01_mm" double precision,
	"iso_code" text,
	"iron_ppm" double precision,
	"copper_ppm" double precision,
	"aluminium_ppm" double precision,
	"chromium_ppm" double precision,
	"lead_ppm" double precision,
	"silicon_ppm" double precision,
	"status" text,
	"remarks" text,
	"verdict_override_reason" text
);
--> statement-breakpoint
CREATE TABLE "lube_oil_visual" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lube_oil_analysis_id" uuid NOT NULL,
	"component" text,
	"appearance" text,
	"colour" text,
	"free_water" boolean,
	"sediment" boolean,
	"odour" text,
	"remarks" text
);
--> statement-breakpoint
DROP INDEX "ultrasound_analysis_natural_key";--> statement-breakpoint
DROP INDEX "vibration_analysis_natural_key";--> statement-breakpoint
DROP INDEX "vibration_bently_nevada_series_idx";--> statement-breakpoint
DROP INDEX "vibration_flow_rate_performance_natural_key";--> statement-breakpoint
DROP INDEX "vibration_measurement_series_idx";--> statement-breakpoint
ALTER TABLE "lube_oil_analysis" ADD CONSTRAINT "lube_oil_analysis_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lube_oil_component" ADD CONSTRAINT "lube_oil_component_lube_oil_analysis_id_lube_oil_analysis_id_fk" FOREIGN KEY ("lube_oil_analysis_id") REFERENCES "public"."lube_oil_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lube_oil_visual" ADD CONSTRAINT "lube_oil_visual_lube_oil_analysis_id_lube_oil_analysis_id_fk" FOREIGN KEY ("lube_oil_analysis_id") REFERENCES "public"."lube_oil_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lube_oil_analysis_parent_unique" ON "lube_oil_analysis" USING btree ("report_header_id");--> statement-breakpoint
CREATE INDEX "lube_oil_component_parent_list_idx" ON "lube_oil_component" USING btree ("lube_oil_analysis_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "lube_oil_component_natural_key" ON "lube_oil_component" USING btree ("lube_oil_analysis_id","component");--> statement-breakpoint
CREATE INDEX "lube_oil_component_component_trgm" ON "lube_oil_component" USING gin ("component" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lube_oil_visual_parent_list_idx" ON "lube_oil_visual" USING btree ("lube_oil_analysis_id","created_at" DESC NULLS FIRST,"id");