CREATE TABLE "flowrate_inspection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"equipment_name" text,
	"measurement_date" date,
	"discharge_pressure_psi" double precision DEFAULT 0 NOT NULL,
	"highest_bearing_temp_c" double precision DEFAULT 0 NOT NULL,
	"highest_winding_temp_c" double precision DEFAULT 0 NOT NULL,
	"highest_voltage_v" double precision DEFAULT 0 NOT NULL,
	"highest_current_a" double precision DEFAULT 0 NOT NULL,
	"percent_control_valpe_open" double precision DEFAULT 0 NOT NULL,
	"actual_flowrate_gpm" double precision DEFAULT 0 NOT NULL,
	"rated_flow_gpm" double precision,
	"flowrate_bpd" double precision DEFAULT 0 NOT NULL,
	"flowrate_gpm" double precision DEFAULT 0 NOT NULL,
	"finding" text,
	"analysis" text,
	"recommendation" text,
	"remarks" text DEFAULT '' NOT NULL,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flowrate_measurement_pipe" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flowrate_inspection_pipe_id" uuid NOT NULL,
	"line_valve" text,
	"bbl_d" double precision DEFAULT 0 NOT NULL,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flowrate_measurement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flowrate_inspection_id" uuid NOT NULL,
	"attemp" integer DEFAULT 0 NOT NULL,
	"flowrate_bpd" double precision DEFAULT 0 NOT NULL,
	"flowrate_gpm" double precision DEFAULT 0 NOT NULL,
	"suction_pressure_psi" double precision DEFAULT 0 NOT NULL,
	"discharge_pressure_psi" double precision DEFAULT 0 NOT NULL,
	"percent_control_valve_open" double precision DEFAULT 0 NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"variant" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flowrate_inspection" ADD CONSTRAINT "flowrate_inspection_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flowrate_measurement_pipe" ADD CONSTRAINT "flowrate_measurement_pipe_flowrate_inspection_pipe_id_flowrate_inspection_id_fk" FOREIGN KEY ("flowrate_inspection_pipe_id") REFERENCES "public"."flowrate_inspection"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flowrate_measurement" ADD CONSTRAINT "flowrate_measurement_flowrate_inspection_id_flowrate_inspection_id_fk" FOREIGN KEY ("flowrate_inspection_id") REFERENCES "public"."flowrate_inspection"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flowrate_inspection_parent_unique" ON "flowrate_inspection" USING btree ("report_header_id","variant");--> statement-breakpoint
CREATE INDEX "flowrate_measurement_pipe_parent_list_idx" ON "flowrate_measurement_pipe" USING btree ("flowrate_inspection_pipe_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "flowrate_measurement_parent_list_idx" ON "flowrate_measurement" USING btree ("flowrate_inspection_id","attemp","created_at" DESC NULLS FIRST,"id");