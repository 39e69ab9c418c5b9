CREATE TABLE "plant_owner" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_name" text NOT NULL,
	"address" text,
	"city" text,
	"region" text
);
