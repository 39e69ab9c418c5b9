CREATE INDEX "report_header_actual_start_date_idx" ON "report_header" USING btree ("actual_start_date","created_at","id");--> statement-breakpoint
CREATE INDEX "report_header_actual_completed_date_idx" ON "report_header" USING btree ("actual_completed_date","created_at","id");--> statement-breakpoint
CREATE INDEX "work_order_spk_status_idx" ON "work_order_spk" USING btree ("status");--> statement-breakpoint
CREATE INDEX "work_order_spk_emergency_idx" ON "work_order_spk" USING btree ("is_emergency","status");--> statement-breakpoint
CREATE INDEX "work_order_spk_date_start_idx" ON "work_order_spk" USING btree ("date_start","created_at","id");--> statement-breakpoint
CREATE INDEX "work_order_spk_date_end_idx" ON "work_order_spk" USING btree ("date_end","created_at","id");