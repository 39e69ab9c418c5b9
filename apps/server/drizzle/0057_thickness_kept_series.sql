ALTER TABLE "thickness_location" ADD COLUMN "reading_count" integer;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "first_thickness_mm" double precision;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "first_date" date;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "previous_thickness_mm" double precision;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "previous_date" date;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "latest_thickness_mm" double precision;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "latest_date" date;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "corrosion_rate_long_term_mm_per_year" double precision;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "corrosion_rate_short_term_mm_per_year" double precision;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "remaining_life_years" double precision;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "next_inspection_date" date;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "projected_required_date" date;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "thickness_location" ADD COLUMN "rate_note" text;--> statement-breakpoint
CREATE INDEX "thickness_location_by_status_idx" ON "thickness_location" USING btree ("status","equipment_no","name");