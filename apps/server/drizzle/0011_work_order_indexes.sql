CREATE INDEX "work_order_spk_contract_no_idx" ON "work_order_spk" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "work_order_spk_tag_number_idx" ON "work_order_spk" USING btree ("tag_number");--> statement-breakpoint
CREATE INDEX "work_order_spk_equipment_category_idx" ON "work_order_spk" USING btree ("equipment_category");