ALTER TABLE "recommendation" ADD COLUMN "thickness_mm" double precision;--> statement-breakpoint
ALTER TABLE "recommendation" ADD COLUMN "required_thickness_mm" double precision;--> statement-breakpoint
ALTER TABLE "recommendation" ADD COLUMN "remaining_life_years" double precision;