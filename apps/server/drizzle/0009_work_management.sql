CREATE TABLE "equipment_category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment_no" text NOT NULL,
	"tag_number" text NOT NULL,
	"description" text NOT NULL,
	"category_code" text NOT NULL,
	"object_type_code" text NOT NULL,
	"location_code" text,
	"planner_group_code" text,
	"manufacturer" text,
	"year_installed" integer
);
--> statement-breakpoint
CREATE TABLE "functional_location" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"plant" text
);
--> statement-breakpoint
CREATE TABLE "inspection_method" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"equipment_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_point" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment_id" uuid NOT NULL,
	"point_code" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "object_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planner_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"plant" text
);
--> statement-breakpoint
CREATE TABLE "wo_task_assignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_order_spkid" uuid NOT NULL,
	"inspection_method" text NOT NULL,
	"user_pdmids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level_approvals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position_levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approval_status" boolean DEFAULT false NOT NULL,
	"approval_comment" text
);
--> statement-breakpoint
DROP INDEX "work_order_spk_wo_number_unique";
--> statement-breakpoint
ALTER TABLE "report_header" ALTER COLUMN "equipment_no" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_header" ALTER COLUMN "inspection_method" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ALTER COLUMN "work_type" SET DEFAULT 'conditionMonitoring';
--> statement-breakpoint
ALTER TABLE "work_order_spk" ALTER COLUMN "work_type" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_header" ADD COLUMN "equipment_category" text;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD COLUMN "planner_group" text;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD COLUMN "location" text;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD COLUMN "priority" text DEFAULT 'medium' NOT NULL;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD COLUMN "actual_start_date" date;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD COLUMN "actual_end_date" date;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_category_natural_key" ON "equipment_category" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_natural_key" ON "equipment" USING btree ("equipment_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_tag_number_unique" ON "equipment" USING btree ("tag_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "functional_location_natural_key" ON "functional_location" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_method_natural_key" ON "inspection_method" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_point_natural_key" ON "inspection_point" USING btree ("equipment_id","point_code");
--> statement-breakpoint
CREATE UNIQUE INDEX "object_type_natural_key" ON "object_type" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "planner_group_natural_key" ON "planner_group" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "wo_task_assignment_natural_key" ON "wo_task_assignment" USING btree ("work_order_spkid","inspection_method");
--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_spk_natural_key" ON "work_order_spk" USING btree ("wo_number");
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_category_code_equipment_category_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."equipment_category"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_object_type_code_object_type_code_fk" FOREIGN KEY ("object_type_code") REFERENCES "public"."object_type"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_location_code_functional_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."functional_location"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_planner_group_code_planner_group_code_fk" FOREIGN KEY ("planner_group_code") REFERENCES "public"."planner_group"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "inspection_point" ADD CONSTRAINT "inspection_point_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "object_type" ADD CONSTRAINT "object_type_category_code_equipment_category_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."equipment_category"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "wo_task_assignment" ADD CONSTRAINT "wo_task_assignment_work_order_spkid_work_order_spk_id_fk" FOREIGN KEY ("work_order_spkid") REFERENCES "public"."work_order_spk"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wo_task_assignment" ADD CONSTRAINT "wo_task_assignment_inspection_method_inspection_method_code_fk" FOREIGN KEY ("inspection_method") REFERENCES "public"."inspection_method"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
CREATE INDEX "equipment_category_list_idx" ON "equipment_category" USING btree ("code","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX "equipment_category_code_trgm" ON "equipment_category" USING gin ("code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "equipment_category_name_trgm" ON "equipment_category" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "equipment_list_idx" ON "equipment" USING btree ("equipment_no","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX "equipment_equipment_no_trgm" ON "equipment" USING gin ("equipment_no" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "equipment_tag_number_trgm" ON "equipment" USING gin ("tag_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "equipment_description_trgm" ON "equipment" USING gin ("description" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "functional_location_list_idx" ON "functional_location" USING btree ("code","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX "functional_location_code_trgm" ON "functional_location" USING gin ("code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "functional_location_name_trgm" ON "functional_location" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "inspection_method_list_idx" ON "inspection_method" USING btree ("code","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX "inspection_method_code_trgm" ON "inspection_method" USING gin ("code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "inspection_method_name_trgm" ON "inspection_method" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "inspection_point_parent_list_idx" ON "inspection_point" USING btree ("equipment_id","point_code","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX "object_type_list_idx" ON "object_type" USING btree ("code","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX "object_type_code_trgm" ON "object_type" USING gin ("code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "object_type_name_trgm" ON "object_type" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "planner_group_list_idx" ON "planner_group" USING btree ("code","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX "planner_group_code_trgm" ON "planner_group" USING gin ("code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "planner_group_name_trgm" ON "planner_group" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "wo_task_assignment_parent_list_idx" ON "wo_task_assignment" USING btree ("work_order_spkid","inspection_method","created_at" DESC NULLS FIRST,"id");
--> statement-breakpoint
ALTER TABLE "report_header" ADD CONSTRAINT "report_header_equipment_no_equipment_equipment_no_fk" FOREIGN KEY ("equipment_no") REFERENCES "public"."equipment"("equipment_no") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "report_header" ADD CONSTRAINT "report_header_equipment_category_equipment_category_code_fk" FOREIGN KEY ("equipment_category") REFERENCES "public"."equipment_category"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "report_header" ADD CONSTRAINT "report_header_object_type_object_type_code_fk" FOREIGN KEY ("object_type") REFERENCES "public"."object_type"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "report_header" ADD CONSTRAINT "report_header_inspection_method_inspection_method_code_fk" FOREIGN KEY ("inspection_method") REFERENCES "public"."inspection_method"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD CONSTRAINT "work_order_spk_equipment_category_equipment_category_code_fk" FOREIGN KEY ("equipment_category") REFERENCES "public"."equipment_category"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD CONSTRAINT "work_order_spk_tag_number_equipment_tag_number_fk" FOREIGN KEY ("tag_number") REFERENCES "public"."equipment"("tag_number") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD CONSTRAINT "work_order_spk_planner_group_planner_group_code_fk" FOREIGN KEY ("planner_group") REFERENCES "public"."planner_group"("code") ON DELETE restrict ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "work_order_spk" ADD CONSTRAINT "work_order_spk_location_functional_location_code_fk" FOREIGN KEY ("location") REFERENCES "public"."functional_location"("code") ON DELETE restrict ON UPDATE cascade;