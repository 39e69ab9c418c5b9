ALTER TABLE "recommendation" ALTER COLUMN "report_header_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recommendation" ALTER COLUMN "inspection_method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recommendation" ALTER COLUMN "graded_entity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recommendation" ALTER COLUMN "graded_row_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recommendation" ADD COLUMN "thickness_location_id" uuid;--> statement-breakpoint
ALTER TABLE "recommendation" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "recommendation" ADD CONSTRAINT "recommendation_area_functional_location_code_fk" FOREIGN KEY ("area") REFERENCES "public"."functional_location"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "recommendation_by_area_idx" ON "recommendation" USING btree ("area","status");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_thickness_open_idx" ON "recommendation" USING btree ("thickness_location_id","grade") WHERE "recommendation"."status" in ('open', 'inProgress');--> statement-breakpoint
ALTER TABLE "recommendation" ADD CONSTRAINT "recommendation_source_one" CHECK (num_nonnulls("recommendation"."report_header_id", "recommendation"."thickness_location_id") = 1);