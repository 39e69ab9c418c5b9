CREATE TABLE "open_assignment_count" (
	"inspection_method" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_status_count" (
	"inspection_method" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_status_count_inspection_method_status_pk" PRIMARY KEY("inspection_method","status")
);
--> statement-breakpoint
DROP INDEX "work_order_spk_contract_no_idx";--> statement-breakpoint
DROP INDEX "work_order_spk_tag_number_idx";--> statement-breakpoint
DROP INDEX "work_order_spk_equipment_category_idx";--> statement-breakpoint
ALTER TABLE "wo_task_assignment" ADD COLUMN "state" text DEFAULT 'todo' NOT NULL;--> statement-breakpoint
CREATE INDEX "report_header_actual_start_date_idx" ON "report_header" USING btree ("actual_start_date","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "report_header_actual_completed_date_idx" ON "report_header" USING btree ("actual_completed_date","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_order_spk_status_idx" ON "work_order_spk" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_order_spk_emergency_idx" ON "work_order_spk" USING btree ("is_emergency","status");--> statement-breakpoint
CREATE INDEX "work_order_spk_date_start_idx" ON "work_order_spk" USING btree ("date_start","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_order_spk_date_end_idx" ON "work_order_spk" USING btree ("date_end","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_order_spk_contract_no_idx" ON "work_order_spk" USING btree ("contract_no","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_order_spk_tag_number_idx" ON "work_order_spk" USING btree ("tag_number","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "work_order_spk_equipment_category_idx" ON "work_order_spk" USING btree ("equipment_category","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- A task's state from its reports' statuses: the contract's `taskStateByReports`, first match wins
-- (test/my-tasks.test.ts checks every combination of statuses against it).
CREATE FUNCTION "task_state_of"(statuses text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN coalesce(cardinality(statuses), 0) = 0 THEN 'todo'
    WHEN statuses && ARRAY['returned'] THEN 'returned'
    WHEN statuses && ARRAY['draft'] THEN 'inProgress'
    WHEN statuses && ARRAY['submitted', 'inReview'] THEN 'waitingApproval'
    WHEN statuses && ARRAY['approved'] THEN 'done'
  END
$$;
--> statement-breakpoint
-- The state of the task of a work order and method, from the reports there now.
CREATE FUNCTION "task_state_now"(work_order uuid, method text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT "task_state_of"(ARRAY(
    SELECT "status" FROM "report_header"
    WHERE "work_order_spkid" = work_order AND "inspection_method" = method))
$$;
--> statement-breakpoint
-- A change to reports: +1 for a report now at (work order, method, status), -1 for one no longer there.
CREATE TYPE "report_delta" AS ("work_order_spkid" uuid, "inspection_method" text, "status" text, "d" integer);
--> statement-breakpoint
-- The counts per method and status, and the state of the tasks whose reports changed.
CREATE FUNCTION "apply_report_deltas"(deltas "report_delta"[]) RETURNS void LANGUAGE sql AS $$
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
-- Reports inserted, changed or deleted in one statement. An update that moves no status, method or
-- work order changes nothing.
CREATE FUNCTION "report_header_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "apply_report_deltas"(ARRAY(
      SELECT ("work_order_spkid", "inspection_method", "status", 1)::"report_delta" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "apply_report_deltas"(ARRAY(
      SELECT ("work_order_spkid", "inspection_method", "status", -1)::"report_delta" FROM "old_rows"));
  ELSE
    PERFORM "apply_report_deltas"(ARRAY(
      SELECT d FROM "new_rows" n JOIN "old_rows" o USING ("id"),
        LATERAL (VALUES
          ((n."work_order_spkid", n."inspection_method", n."status", 1)::"report_delta"),
          ((o."work_order_spkid", o."inspection_method", o."status", -1)::"report_delta")) v(d)
      WHERE (n."work_order_spkid", n."inspection_method", n."status")
        IS DISTINCT FROM (o."work_order_spkid", o."inspection_method", o."status")));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_header_counted_insert" AFTER INSERT ON "report_header"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_header_counted"();
--> statement-breakpoint
CREATE TRIGGER "report_header_counted_update" AFTER UPDATE ON "report_header"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_header_counted"();
--> statement-breakpoint
CREATE TRIGGER "report_header_counted_delete" AFTER DELETE ON "report_header"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_header_counted"();
--> statement-breakpoint
-- A new assignment, or one moved to another work order or method, starts in the state of the reports
-- already there.
CREATE FUNCTION "wo_task_assignment_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."state" := "task_state_now"(NEW."work_order_spkid", NEW."inspection_method");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_state_insert" BEFORE INSERT ON "wo_task_assignment"
  FOR EACH ROW EXECUTE FUNCTION "wo_task_assignment_state"();
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_state_update" BEFORE UPDATE OF "work_order_spkid", "inspection_method", "state"
  ON "wo_task_assignment" FOR EACH ROW EXECUTE FUNCTION "wo_task_assignment_state"();
--> statement-breakpoint
-- Assignments inserted, moved or deleted: the open work per method (under a work order neither
-- completed nor cancelled).
CREATE FUNCTION "apply_open_deltas"(methods text[], deltas integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "open_assignment_count" AS c ("inspection_method", "n")
    SELECT m, sum(d)::integer FROM unnest(methods, deltas) AS x(m, d)
    GROUP BY 1 HAVING sum(d) <> 0
    ON CONFLICT ("inspection_method") DO UPDATE SET "n" = c."n" + excluded."n";
$$;
--> statement-breakpoint
CREATE FUNCTION "wo_task_assignment_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "apply_open_deltas"(array_agg(n."inspection_method"), array_agg(1)) FROM "new_rows" n
      JOIN "work_order_spk" w ON w."id" = n."work_order_spkid"
      WHERE w."status" NOT IN ('completed', 'cancelled');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "apply_open_deltas"(array_agg(o."inspection_method"), array_agg(-1)) FROM "old_rows" o
      JOIN "work_order_spk" w ON w."id" = o."work_order_spkid"
      WHERE w."status" NOT IN ('completed', 'cancelled');
  ELSE
    -- Only an assignment moved to another work order or method counts; its state changes often.
    PERFORM "apply_open_deltas"(array_agg(m), array_agg(d)) FROM (
      SELECT n."inspection_method" AS m, 1 AS d, n."work_order_spkid" AS wo
        FROM "new_rows" n JOIN "old_rows" o USING ("id")
        WHERE (n."work_order_spkid", n."inspection_method") IS DISTINCT FROM (o."work_order_spkid", o."inspection_method")
      UNION ALL
      SELECT o."inspection_method", -1, o."work_order_spkid"
        FROM "new_rows" n JOIN "old_rows" o USING ("id")
        WHERE (n."work_order_spkid", n."inspection_method") IS DISTINCT FROM (o."work_order_spkid", o."inspection_method")
    ) moved JOIN "work_order_spk" w ON w."id" = moved.wo
      WHERE w."status" NOT IN ('completed', 'cancelled');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_counted_insert" AFTER INSERT ON "wo_task_assignment"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "wo_task_assignment_counted"();
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_counted_update" AFTER UPDATE ON "wo_task_assignment"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "wo_task_assignment_counted"();
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_counted_delete" AFTER DELETE ON "wo_task_assignment"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "wo_task_assignment_counted"();
--> statement-breakpoint
-- Work orders closed or reopened: their assignments leave or join the open work.
CREATE FUNCTION "work_order_spk_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "open_assignment_count" AS c ("inspection_method", "n")
    SELECT a."inspection_method",
        sum(CASE WHEN n."status" NOT IN ('completed', 'cancelled') THEN 1 ELSE -1 END)::integer
      FROM "new_rows" n JOIN "old_rows" o USING ("id")
      JOIN "wo_task_assignment" a ON a."work_order_spkid" = n."id"
      WHERE (n."status" NOT IN ('completed', 'cancelled')) <> (o."status" NOT IN ('completed', 'cancelled'))
      GROUP BY 1
    ON CONFLICT ("inspection_method") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "work_order_spk_counted_update" AFTER UPDATE ON "work_order_spk"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_order_spk_counted"();
--> statement-breakpoint
UPDATE "wo_task_assignment" a SET "state" = s."state"
  FROM (SELECT "work_order_spkid", "inspection_method", "task_state_of"(array_agg("status")) AS "state"
    FROM "report_header" GROUP BY 1, 2) s
  WHERE a."work_order_spkid" = s."work_order_spkid" AND a."inspection_method" = s."inspection_method";
--> statement-breakpoint
INSERT INTO "report_status_count" ("inspection_method", "status", "n")
  SELECT "inspection_method", "status", count(*)::integer FROM "report_header" GROUP BY 1, 2
  ON CONFLICT ("inspection_method", "status") DO UPDATE SET "n" = excluded."n";
--> statement-breakpoint
INSERT INTO "open_assignment_count" ("inspection_method", "n")
  SELECT a."inspection_method", count(*)::integer FROM "wo_task_assignment" a
    JOIN "work_order_spk" w ON w."id" = a."work_order_spkid"
    WHERE w."status" NOT IN ('completed', 'cancelled') GROUP BY 1
  ON CONFLICT ("inspection_method") DO UPDATE SET "n" = excluded."n";
