ALTER TABLE "wo_task_assignment" ADD COLUMN "wo_number" text;--> statement-breakpoint
ALTER TABLE "wo_task_assignment" ADD COLUMN "planned_start" date;--> statement-breakpoint
ALTER TABLE "wo_task_assignment" ADD COLUMN "planned_finish" date;--> statement-breakpoint
-- An assignment carries its work order's number and planned dates (my tasks order and bound a
-- user's tasks by them): copied when the assignment is written, whatever the statement says.
CREATE FUNCTION "wo_task_assignment_work_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "wo_number", "date_start", "date_end" INTO NEW."wo_number", NEW."planned_start", NEW."planned_finish"
    FROM "work_order_spk" WHERE "id" = NEW."work_order_spkid";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_work_order_insert" BEFORE INSERT ON "wo_task_assignment"
  FOR EACH ROW EXECUTE FUNCTION "wo_task_assignment_work_order"();
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_work_order_update"
  BEFORE UPDATE OF "work_order_spkid", "wo_number", "planned_start", "planned_finish"
  ON "wo_task_assignment" FOR EACH ROW EXECUTE FUNCTION "wo_task_assignment_work_order"();
--> statement-breakpoint
-- A work order renumbered or replanned: its assignments take the new values in the same statement.
CREATE FUNCTION "work_order_spk_copied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "wo_task_assignment" a SET "wo_number" = n."wo_number", "planned_start" = n."date_start",
      "planned_finish" = n."date_end"
    FROM "new_rows" n JOIN "old_rows" o USING ("id")
    WHERE a."work_order_spkid" = n."id"
      AND (n."wo_number", n."date_start", n."date_end") IS DISTINCT FROM (o."wo_number", o."date_start", o."date_end");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "work_order_spk_copied_update" AFTER UPDATE ON "work_order_spk"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_order_spk_copied"();
--> statement-breakpoint
UPDATE "wo_task_assignment" a SET "wo_number" = w."wo_number", "planned_start" = w."date_start",
    "planned_finish" = w."date_end"
  FROM "work_order_spk" w WHERE w."id" = a."work_order_spkid";
