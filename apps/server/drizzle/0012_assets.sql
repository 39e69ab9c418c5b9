CREATE UNIQUE INDEX "object_type_category_code_code_key" ON "object_type" USING btree ("category_code","code");--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_object_type_code_in_scope_fk" FOREIGN KEY ("category_code","object_type_code") REFERENCES "public"."object_type"("category_code","code") ON DELETE restrict ON UPDATE cascade;
