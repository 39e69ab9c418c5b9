DROP INDEX "work_order_spk_emergency_idx";--> statement-breakpoint
CREATE INDEX "equipment_category_code_list_idx" ON "equipment" USING btree ("category_code","equipment_no","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "equipment_object_type_code_list_idx" ON "equipment" USING btree ("object_type_code","equipment_no","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "equipment_location_code_list_idx" ON "equipment" USING btree ("location_code","equipment_no","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "equipment_planner_group_code_list_idx" ON "equipment" USING btree ("planner_group_code","equipment_no","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "object_type_category_code_list_idx" ON "object_type" USING btree ("category_code","code","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "report_header_object_type_list_idx" ON "report_header" USING btree ("object_type","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "report_header_inspection_method_list_idx" ON "report_header" USING btree ("inspection_method","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_order_spk_work_type_list_idx" ON "work_order_spk" USING btree ("work_type","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_order_spk_is_emergency_list_idx" ON "work_order_spk" USING btree ("is_emergency","created_at" DESC NULLS FIRST,"id");