ALTER TABLE "vibration_measurement" ADD COLUMN "analyst_zone" text;--> statement-breakpoint
ALTER TABLE "vibration_measurement" ADD COLUMN "verdict_override_reason" text;