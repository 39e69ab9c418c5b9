CREATE TABLE "contractor_company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contractor_name" text NOT NULL,
	"contact_person" text,
	"contact_email" text,
	"phone_number" text,
	"address" text,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "contractor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "employee_number" text;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "approval_position" text;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "approval_level" integer;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "planner_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_company_contractor_name_unique" ON "contractor_company" USING btree ("contractor_name");--> statement-breakpoint
CREATE INDEX "contractor_company_contractor_name_trgm" ON "contractor_company" USING gin ("contractor_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contractor_company_contact_person_trgm" ON "contractor_company" USING gin ("contact_person" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_contractor_company_id_contractor_company_id_fk" FOREIGN KEY ("contractor_company_id") REFERENCES "public"."contractor_company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_account_company_idx" ON "user_account" USING btree ("contractor_company_id");