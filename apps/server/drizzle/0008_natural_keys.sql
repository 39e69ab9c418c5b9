DROP INDEX "ndt_equipment_equipment_no_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "ndt_equipment_natural_key" ON "ndt_equipment" USING btree ("equipment_no");