ALTER TABLE "wo_task_assignment" ADD COLUMN "wo_title" text;--> statement-breakpoint
ALTER TABLE "wo_task_assignment" ADD COLUMN "tag_number" text;--> statement-breakpoint
ALTER TABLE "wo_task_assignment" ADD COLUMN "equipment_category" text;--> statement-breakpoint
-- The copy of 0023 grows by the work order's title, equipment tag and category (my tasks search
-- and filter by them over the user's assignments alone).
CREATE OR REPLACE FUNCTION "wo_task_assignment_work_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "wo_number", "title", "tag_number", "equipment_category", "date_start", "date_end"
    INTO NEW."wo_number", NEW."wo_title", NEW."tag_number", NEW."equipment_category",
      NEW."planned_start", NEW."planned_finish"
    FROM "work_order_spk" WHERE "id" = NEW."work_order_spkid";
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER "wo_task_assignment_work_order_update" ON "wo_task_assignment";
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_work_order_update"
  BEFORE UPDATE OF "work_order_spkid", "wo_number", "wo_title", "tag_number", "equipment_category",
    "planned_start", "planned_finish"
  ON "wo_task_assignment" FOR EACH ROW EXECUTE FUNCTION "wo_task_assignment_work_order"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_order_spk_copied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "wo_task_assignment" a SET "wo_number" = n."wo_number", "wo_title" = n."title",
      "tag_number" = n."tag_number", "equipment_category" = n."equipment_category",
      "planned_start" = n."date_start", "planned_finish" = n."date_end"
    FROM "new_rows" n JOIN "old_rows" o USING ("id")
    WHERE a."work_order_spkid" = n."id"
      AND (n."wo_number", n."title", n."tag_number", n."equipment_category", n."date_start", n."date_end")
        IS DISTINCT FROM (o."wo_number", o."title", o."tag_number", o."equipment_category", o."date_start", o."date_end");
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE "wo_task_assignment" a SET "wo_title" = w."title", "tag_number" = w."tag_number",
    "equipment_category" = w."equipment_category"
  FROM "work_order_spk" w WHERE w."id" = a."work_order_spkid";
