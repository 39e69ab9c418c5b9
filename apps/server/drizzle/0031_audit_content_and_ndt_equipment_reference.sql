-- Who wrote a report's content (four eyes, docs/approvals.md): each audit row names the report whose
-- content it changed. And the NDT register's equipment names the asset master's (docs/techniques.md, "NDT equipment list"), NOT
-- VALID so rows written before it named the master stay as they are.
ALTER TABLE "audit_log" ADD COLUMN "content_of" uuid;--> statement-breakpoint
ALTER TABLE "ndt_equipment" ADD CONSTRAINT "ndt_equipment_equipment_no_equipment_equipment_no_fk" FOREIGN KEY ("equipment_no") REFERENCES "public"."equipment"("equipment_no") ON DELETE restrict ON UPDATE cascade NOT VALID;--> statement-breakpoint
CREATE INDEX "audit_log_content_of_idx" ON "audit_log" USING btree ("content_of","actor_id");--> statement-breakpoint
-- Audit rows written before: a report header's own (not its status moves, which write no content)
-- and its direct children's (a record naming its `reportHeaderId`). Deeper records' older rows name
-- no report; the report's createdBy still counts for them.
UPDATE "audit_log" SET "content_of" = "entity_id"
WHERE "entity" = 'reportHeader' AND "content_of" IS NULL
  AND NOT ("action" = 'update' AND ("before" ->> 'status') IS DISTINCT FROM ("after" ->> 'status'));--> statement-breakpoint
UPDATE "audit_log" SET "content_of" = (coalesce("after", "before") ->> 'reportHeaderId')::uuid
WHERE "content_of" IS NULL AND "entity" <> 'reportHeader'
  AND coalesce("after", "before") ->> 'reportHeaderId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
