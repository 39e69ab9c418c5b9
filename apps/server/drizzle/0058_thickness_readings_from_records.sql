ALTER TABLE "paut_summary" ADD COLUMN "minimum_wall_thickness" double precision;--> statement-breakpoint
ALTER TABLE "thickness_reading" ADD COLUMN "source_record_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "thickness_reading_source_record_id_unique" ON "thickness_reading" USING btree ("source_record_id");