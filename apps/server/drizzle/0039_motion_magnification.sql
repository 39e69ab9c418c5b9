CREATE TABLE "motion_magnification_analysis" (
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
	"diagnosis" text,
	"analysis" text,
	"recommendation" text,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motion_magnification_summary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"motion_magnification_analysis_id" uuid NOT NULL,
	"measurement_date" date NOT NULL,
	"shooting_area_or_camera_direction" text NOT NULL,
	"vel_amplitude" double precision,
	"dominant_frequency_hz" double precision,
	"disp_amplitude" double precision,
	"finding" text,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "motion_magnification_analysis" ADD CONSTRAINT "motion_magnification_analysis_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motion_magnification_summary" ADD CONSTRAINT "motion_magnification_summary_motion_magnification_analysis_id_motion_magnification_analysis_id_fk" FOREIGN KEY ("motion_magnification_analysis_id") REFERENCES "public"."motion_magnification_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "motion_magnification_analysis_parent_unique" ON "motion_magnification_analysis" USING btree ("report_header_id","variant");--> statement-breakpoint
CREATE INDEX "motion_magnification_summary_parent_list_idx" ON "motion_magnification_summary" USING btree ("motion_magnification_analysis_id","measurement_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "motion_magnification_summary_shooting_area_or_camera_direction_trgm" ON "motion_magnification_summary" USING gin ("shooting_area_or_camera_direction" gin_trgm_ops);