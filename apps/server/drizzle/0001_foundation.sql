CREATE TABLE "attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_entity" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"image_type" text,
	"display_name" text NOT NULL,
	"category" text,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "login_failure" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"family_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"spent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "role_permission" (
	"role_id" uuid NOT NULL,
	"module" text NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "role_permission_role_id_module_action_pk" PRIMARY KEY("role_id","module","action")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_administrator" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"role_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_header" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"work_order_spkid" uuid NOT NULL,
	"report_number" text NOT NULL,
	"title" text NOT NULL,
	"equipment_no" text,
	"object_type" text,
	"inspection_method" text,
	"location" text,
	"actual_start_date" date,
	"actual_completed_date" date,
	"status" text DEFAULT 'draft' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thermal_analysis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"report_header_id" uuid NOT NULL,
	"summary" text,
	"result" text
);
--> statement-breakpoint
CREATE TABLE "thermal_measurement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"thermal_analysis_id" uuid NOT NULL,
	"date" date NOT NULL,
	"tag_number" text,
	"equipment_name" text,
	"component" text,
	"location" text,
	"max_temperature_c" double precision NOT NULL,
	"reference_temperature_c" double precision NOT NULL,
	"ambient_temperature_c" double precision,
	"emissivity" double precision,
	"load_percent" double precision,
	"distance_m" double precision,
	"remarks" text,
	"recommendation" text
);
--> statement-breakpoint
CREATE TABLE "work_order_spk" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"wo_number" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"work_type" text,
	"contract_no" text,
	"equipment_category" text,
	"tag_number" text,
	"is_emergency" boolean DEFAULT false NOT NULL,
	"date_start" date,
	"date_end" date
);
--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_header" ADD CONSTRAINT "report_header_work_order_spkid_work_order_spk_id_fk" FOREIGN KEY ("work_order_spkid") REFERENCES "public"."work_order_spk"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thermal_analysis" ADD CONSTRAINT "thermal_analysis_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thermal_measurement" ADD CONSTRAINT "thermal_measurement_thermal_analysis_id_thermal_analysis_id_fk" FOREIGN KEY ("thermal_analysis_id") REFERENCES "public"."thermal_analysis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_owner_idx" ON "attachment" USING btree ("owner_entity","owner_id");--> statement-breakpoint
CREATE INDEX "attachment_storage_key_idx" ON "attachment" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_username_unique" ON "user_account" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "report_header_parent_idx" ON "report_header" USING btree ("work_order_spkid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_header_report_number_unique" ON "report_header" USING btree ("report_number");--> statement-breakpoint
CREATE INDEX "report_header_report_number_trgm" ON "report_header" USING gin ("report_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "report_header_title_trgm" ON "report_header" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "report_header_equipment_no_trgm" ON "report_header" USING gin ("equipment_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "report_header_created_at_idx" ON "report_header" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "thermal_analysis_parent_unique" ON "thermal_analysis" USING btree ("report_header_id");--> statement-breakpoint
CREATE INDEX "thermal_analysis_created_at_idx" ON "thermal_analysis" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "thermal_measurement_parent_idx" ON "thermal_measurement" USING btree ("thermal_analysis_id","created_at");--> statement-breakpoint
CREATE INDEX "thermal_measurement_tag_number_trgm" ON "thermal_measurement" USING gin ("tag_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thermal_measurement_equipment_name_trgm" ON "thermal_measurement" USING gin ("equipment_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thermal_measurement_component_trgm" ON "thermal_measurement" USING gin ("component" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thermal_measurement_location_trgm" ON "thermal_measurement" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "thermal_measurement_date_idx" ON "thermal_measurement" USING btree ("date");--> statement-breakpoint
CREATE INDEX "thermal_measurement_created_at_idx" ON "thermal_measurement" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_spk_wo_number_unique" ON "work_order_spk" USING btree ("wo_number");--> statement-breakpoint
CREATE INDEX "work_order_spk_wo_number_trgm" ON "work_order_spk" USING gin ("wo_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_order_spk_title_trgm" ON "work_order_spk" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_order_spk_tag_number_trgm" ON "work_order_spk" USING gin ("tag_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_order_spk_contract_no_trgm" ON "work_order_spk" USING gin ("contract_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_order_spk_created_at_idx" ON "work_order_spk" USING btree ("created_at");