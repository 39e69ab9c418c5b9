CREATE TABLE "thickness_location" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment_no" text NOT NULL,
	"name" text NOT NULL,
	"component" text,
	"code" text NOT NULL,
	"inspection_class" integer,
	"nominal_thickness_mm" double precision NOT NULL,
	"required_thickness_mm" double precision NOT NULL,
	"corrosion_allowance_mm" double precision
);
--> statement-breakpoint
CREATE TABLE "thickness_reading" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thickness_location_id" uuid NOT NULL,
	"date" date NOT NULL,
	"thickness_mm" double precision NOT NULL,
	"method" text NOT NULL,
	"source_report_id" uuid
);
--> statement-breakpoint
ALTER TABLE "thickness_location" ADD CONSTRAINT "thickness_location_equipment_no_equipment_equipment_no_fk" FOREIGN KEY ("equipment_no") REFERENCES "public"."equipment"("equipment_no") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "thickness_reading" ADD CONSTRAINT "thickness_reading_thickness_location_id_thickness_location_id_fk" FOREIGN KEY ("thickness_location_id") REFERENCES "public"."thickness_location"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "thickness_location_natural_key" ON "thickness_location" USING btree ("equipment_no","name");--> statement-breakpoint
CREATE INDEX "thickness_location_equipment_no_key_idx" ON "thickness_location" USING btree ("equipment_no");--> statement-breakpoint
CREATE INDEX "thickness_location_equipment_no_trgm" ON "thickness_location" USING gin ("equipment_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thickness_location_name_trgm" ON "thickness_location" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thickness_location_component_trgm" ON "thickness_location" USING gin ("component" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thickness_reading_parent_list_idx" ON "thickness_reading" USING btree ("thickness_location_id","date","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "thickness_reading_natural_key" ON "thickness_reading" USING btree ("thickness_location_id","date");