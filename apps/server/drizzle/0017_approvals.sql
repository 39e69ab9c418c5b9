CREATE TABLE "report_approval_step" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_header_id" uuid NOT NULL,
	"level" integer,
	"position" text,
	"actor_id" uuid NOT NULL,
	"actor_username" text NOT NULL,
	"actor_full_name" text NOT NULL,
	"action" text NOT NULL,
	"comment" text,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_position" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"level_approval" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_method_approval" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inspection_method" text NOT NULL,
	"level_approval" integer NOT NULL,
	"approval_position" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewer_assignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_pdm_id" text NOT NULL,
	"inspection_method" text NOT NULL,
	"level_approval" integer NOT NULL,
	"approval_position" text NOT NULL,
	"contractor_company_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_header" ADD COLUMN "approval_level" integer;--> statement-breakpoint
ALTER TABLE "report_header" ADD COLUMN "approval_path" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_position_natural_key" ON "approval_position" USING btree ("name");--> statement-breakpoint
ALTER TABLE "report_approval_step" ADD CONSTRAINT "report_approval_step_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_method_approval" ADD CONSTRAINT "inspection_method_approval_inspection_method_inspection_method_code_fk" FOREIGN KEY ("inspection_method") REFERENCES "public"."inspection_method"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inspection_method_approval" ADD CONSTRAINT "inspection_method_approval_approval_position_approval_position_name_fk" FOREIGN KEY ("approval_position") REFERENCES "public"."approval_position"("name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "reviewer_assignment" ADD CONSTRAINT "reviewer_assignment_inspection_method_inspection_method_code_fk" FOREIGN KEY ("inspection_method") REFERENCES "public"."inspection_method"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "reviewer_assignment" ADD CONSTRAINT "reviewer_assignment_approval_position_approval_position_name_fk" FOREIGN KEY ("approval_position") REFERENCES "public"."approval_position"("name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "report_approval_step_report_idx" ON "report_approval_step" USING btree ("report_header_id","at");--> statement-breakpoint
CREATE INDEX "approval_position_list_idx" ON "approval_position" USING btree ("name","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "approval_position_name_trgm" ON "approval_position" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "approval_position_description_trgm" ON "approval_position" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_method_approval_natural_key" ON "inspection_method_approval" USING btree ("inspection_method","level_approval");--> statement-breakpoint
CREATE UNIQUE INDEX "reviewer_assignment_natural_key" ON "reviewer_assignment" USING btree ("user_pdm_id","inspection_method","level_approval");--> statement-breakpoint
CREATE INDEX "reviewer_assignment_inspection_method_trgm" ON "reviewer_assignment" USING gin ("inspection_method" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviewer_assignment_approval_position_trgm" ON "reviewer_assignment" USING gin ("approval_position" gin_trgm_ops);