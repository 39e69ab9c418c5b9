CREATE TABLE "report_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"report_header_id" uuid NOT NULL,
	"report_number" text NOT NULL,
	"revision" integer NOT NULL,
	"content" text NOT NULL,
	"sha256" text NOT NULL,
	"previous_sha256" text,
	"reason" text,
	"revised_by" text,
	"revised_at" timestamp with time zone,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by_id" uuid,
	"approved_by" text
);
--> statement-breakpoint
ALTER TABLE "report_header" ADD COLUMN "revision_reason" text;--> statement-breakpoint
ALTER TABLE "report_version" ADD CONSTRAINT "report_version_report_header_id_report_header_id_fk" FOREIGN KEY ("report_header_id") REFERENCES "public"."report_header"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_version_chain_number_unique" ON "report_version" USING btree ("chain_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "report_version_report_unique" ON "report_version" USING btree ("report_header_id");--> statement-breakpoint
-- A version is the record of what was approved: it is never changed or deleted, by the server or
-- by anyone else with access to the database (docs/report-of-record.md "Versions").
CREATE FUNCTION report_version_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'report versions cannot be changed or deleted (report_version %)', OLD.id
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER report_version_immutable BEFORE UPDATE OR DELETE ON "report_version"
  FOR EACH ROW EXECUTE FUNCTION report_version_immutable();
