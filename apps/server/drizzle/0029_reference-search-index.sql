CREATE INDEX "report_header_equipment_no_key_idx" ON "report_header" USING btree ("equipment_no");--> statement-breakpoint
CREATE INDEX "reviewer_assignment_inspection_method_key_idx" ON "reviewer_assignment" USING btree ("inspection_method");--> statement-breakpoint
CREATE INDEX "reviewer_assignment_approval_position_key_idx" ON "reviewer_assignment" USING btree ("approval_position");