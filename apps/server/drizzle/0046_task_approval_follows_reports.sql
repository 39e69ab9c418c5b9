-- A task assignment's approvalStatus follows its reports, as its state does (0020, 0028): true
-- once every report under the work order with the method is approved (the state `done`), false
-- otherwise. It was written only by the assignment's own status call, so a report approved on its
-- own page or from the approvals queue left the assignment saying "not approved" while my tasks
-- counted the task done. One state, kept in one place: both columns are set together.
CREATE OR REPLACE FUNCTION "apply_report_deltas"(deltas "report_delta"[]) RETURNS void LANGUAGE sql AS $$
  SELECT "lock_work_orders"(ARRAY(SELECT DISTINCT "work_order_spkid" FROM unnest(deltas)));
  INSERT INTO "report_status_count" AS c ("inspection_method", "status", "n")
    SELECT "inspection_method", "status", sum("d")::integer FROM unnest(deltas)
    GROUP BY 1, 2 HAVING sum("d") <> 0
    ON CONFLICT ("inspection_method", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  UPDATE "wo_task_assignment" a SET "state" = s."now", "approval_status" = s."now" = 'done'
    FROM (SELECT DISTINCT "work_order_spkid", "inspection_method" FROM unnest(deltas)) p,
      LATERAL (SELECT "task_state_now"(p."work_order_spkid", p."inspection_method") AS "now") s
    WHERE a."work_order_spkid" = p."work_order_spkid" AND a."inspection_method" = p."inspection_method"
      AND (a."state", a."approval_status") IS DISTINCT FROM (s."now", s."now" = 'done');
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wo_task_assignment_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
    OR (NEW."work_order_spkid", NEW."inspection_method") IS DISTINCT FROM (OLD."work_order_spkid", OLD."inspection_method") THEN
    PERFORM "lock_work_orders"(ARRAY[NEW."work_order_spkid"]);
  END IF;
  NEW."state" := "task_state_now"(NEW."work_order_spkid", NEW."inspection_method");
  NEW."approval_status" := NEW."state" = 'done';
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A write of approvalStatus alone (a client's update) is read again from the reports too.
DROP TRIGGER "wo_task_assignment_state_update" ON "wo_task_assignment";
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_state_update"
  BEFORE UPDATE OF "work_order_spkid", "inspection_method", "state", "approval_status"
  ON "wo_task_assignment" FOR EACH ROW EXECUTE FUNCTION "wo_task_assignment_state"();
--> statement-breakpoint
UPDATE "wo_task_assignment" SET "approval_status" = "state" = 'done'
  WHERE "approval_status" IS DISTINCT FROM ("state" = 'done');
