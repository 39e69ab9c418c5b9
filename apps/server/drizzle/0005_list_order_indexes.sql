DROP INDEX "report_header_parent_idx";--> statement-breakpoint
DROP INDEX "report_header_created_at_idx";--> statement-breakpoint
DROP INDEX "thermal_analysis_created_at_idx";--> statement-breakpoint
DROP INDEX "thermal_measurement_parent_idx";--> statement-breakpoint
DROP INDEX "thermal_measurement_date_idx";--> statement-breakpoint
DROP INDEX "thermal_measurement_created_at_idx";--> statement-breakpoint
DROP INDEX "work_order_spk_created_at_idx";--> statement-breakpoint
CREATE INDEX "report_header_parent_list_idx" ON "report_header" USING btree ("work_order_spkid","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "report_header_list_idx" ON "report_header" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "thermal_measurement_parent_list_idx" ON "thermal_measurement" USING btree ("thermal_analysis_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "thermal_measurement_list_idx" ON "thermal_measurement" USING btree ("date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_order_spk_list_idx" ON "work_order_spk" USING btree ("created_at" DESC NULLS FIRST,"id");