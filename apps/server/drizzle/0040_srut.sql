CREATE TABLE "srut_general_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"srut_inspection_id" uuid NOT NULL,
	"category" text NOT NULL,
	"image_type" text DEFAULT 'photo' NOT NULL,
	"display_name" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srut_inspection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_header_id" uuid NOT NULL,
	"measurement_date" date,
	"nominal_thickness" double precision,
	"minimum_thickness" double precision,
	"finding" text,
	"recommendation" text,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srut_summary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"srut_inspection_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"scan_length" double precision,
	"location_of_indication_l" double precision,
	"location_of_indication_h" double precision,
	"dimention_of_indication_dl" double precision,
	"dimention_of_indication_dh" double precision,
	"estimation_of_depth" double precision,
	"remarks" text,
	"variant" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "srut_general_view" ADD CONSTRAINT "srut_general_view_srut_inspection_id_srut_inspection_id_fk" FOREIGN KEY ("srut_inspection_id") REFERENCES "public"."srut_inspection"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srut_inspection" ADD CONSTRAINT "srut_inspection_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srut_summary" ADD CONSTRAINT "srut_summary_srut_inspection_id_srut_inspection_id_fk" FOREIGN KEY ("srut_inspection_id") REFERENCES "public"."srut_inspection"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "srut_general_view_parent_list_idx" ON "srut_general_view" USING btree ("srut_inspection_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srut_general_view_list_idx" ON "srut_general_view" USING btree ("variant","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srut_general_view_display_name_trgm" ON "srut_general_view" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "srut_inspection_parent_unique" ON "srut_inspection" USING btree ("report_header_id","variant");--> statement-breakpoint
CREATE INDEX "srut_summary_parent_list_idx" ON "srut_summary" USING btree ("srut_inspection_id","tag","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srut_summary_list_idx" ON "srut_summary" USING btree ("variant","tag","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "srut_summary_tag_trgm" ON "srut_summary" USING gin ("tag" gin_trgm_ops);