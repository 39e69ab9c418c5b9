-- A task's state (0020) was read from the reports a trigger's statement could see. Two transactions
-- changing reports of one task at once (an inspector submits one report while a reviewer approves
-- another) each saw the other's report as it was before, and the one that wrote last left a state
-- no contract rule gives ({approved, submitted} kept as inProgress). Writers of one work order's
-- tasks now take turns: each locks the work order's row (FOR NO KEY UPDATE, which the foreign keys'
-- KEY SHARE does not wait for) until it commits, and reads the reports in a statement after taking
-- it, whose snapshot holds what the writer before it committed. A row lock, not an advisory lock:
-- a bulk write touching thousands of work orders holds no entry of the shared lock table per one.
-- test/task-state-rules.test.ts walks every change, and these concurrent ones on PostgreSQL.
CREATE FUNCTION "lock_work_orders"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM "work_order_spk" WHERE "id" = ANY (ids) ORDER BY "id" FOR NO KEY UPDATE;
$$;
--> statement-breakpoint
-- The work orders first, in one order (two writers of the same ones never wait for each other
-- crosswise), then the counts, then the states, read afresh.
CREATE OR REPLACE FUNCTION "apply_report_deltas"(deltas "report_delta"[]) RETURNS void LANGUAGE sql AS $$
  SELECT "lock_work_orders"(ARRAY(SELECT DISTINCT "work_order_spkid" FROM unnest(deltas)));
  INSERT INTO "report_status_count" AS c ("inspection_method", "status", "n")
    SELECT "inspection_method", "status", sum("d")::integer FROM unnest(deltas)
    GROUP BY 1, 2 HAVING sum("d") <> 0
    ON CONFLICT ("inspection_method", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  UPDATE "wo_task_assignment" a SET "state" = "task_state_now"(a."work_order_spkid", a."inspection_method")
    FROM (SELECT DISTINCT "work_order_spkid", "inspection_method" FROM unnest(deltas)) p
    WHERE a."work_order_spkid" = p."work_order_spkid" AND a."inspection_method" = p."inspection_method"
      AND a."state" IS DISTINCT FROM "task_state_now"(a."work_order_spkid", a."inspection_method");
$$;
--> statement-breakpoint
-- An assignment inserted or moved waits for a writer of its work order's reports too, and reads
-- their state after (a PL/pgSQL expression of a volatile function takes a fresh snapshot). A change
-- of its state alone (the statement above, or a forged one) is read again under the lock it holds.
CREATE OR REPLACE FUNCTION "wo_task_assignment_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
    OR (NEW."work_order_spkid", NEW."inspection_method") IS DISTINCT FROM (OLD."work_order_spkid", OLD."inspection_method") THEN
    PERFORM "lock_work_orders"(ARRAY[NEW."work_order_spkid"]);
  END IF;
  NEW."state" := "task_state_now"(NEW."work_order_spkid", NEW."inspection_method");
  RETURN NEW;
END
$$;
