-- My tasks are found by the equipment's number too (the SAP number the plant's SAP knows), not only
-- by its tag (issue 22): `search_text` holds the WO number, the tag, the number of the equipment the
-- tag names (read from the asset master by the tag's unique index) and the title when it fits,
-- lowercased, one per line. Searched as before, from `inspector_task_list_idx` alone.
CREATE OR REPLACE FUNCTION "inspector_tasks_of"(a "wo_task_assignment") RETURNS SETOF "inspector_task" LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ON (u."user_id") a."id", u."user_id", a."planned_finish", a."wo_number",
      a."inspection_method", a."state",
      coalesce(a."planned_start", a."planned_finish"), coalesce(a."planned_finish", a."planned_start"),
      a."equipment_category",
      lower(concat_ws(E'\n', a."wo_number", a."tag_number",
        (SELECT e."equipment_no" FROM "equipment" e WHERE e."tag_number" = a."tag_number"),
        CASE WHEN octet_length(a."wo_title") <= 800 THEN a."wo_title" END)),
      coalesce(octet_length(a."wo_title") > 800, false)
    FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(a."user_pdmids") = 'array'
      THEN a."user_pdmids" ELSE '[]'::jsonb END) AS u("user_id")
    WHERE u."user_id" IS NOT NULL;
$$;
--> statement-breakpoint
-- Equipment renumbered in the master: the tasks of the work orders naming its tag are made again in
-- the same statement, found by the new number. (A tag renamed reaches them through the work orders:
-- the foreign key's ON UPDATE CASCADE, then the copies of 0024.) The work orders by tag and their
-- assignments by work order are read through their indexes; nothing is read unless a number changed.
CREATE FUNCTION "equipment_task_search"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  changed := ARRAY(SELECT a."id"
    FROM (SELECT n."tag_number" FROM "new_rows" n JOIN "old_rows" o USING ("id")
        WHERE n."equipment_no" IS DISTINCT FROM o."equipment_no") renumbered
      JOIN "work_order_spk" w ON w."tag_number" = renumbered."tag_number"
      JOIN "wo_task_assignment" a ON a."work_order_spkid" = w."id");
  IF cardinality(changed) > 0 THEN
    DELETE FROM "inspector_task" WHERE "assignment_id" = ANY (changed);
    INSERT INTO "inspector_task" SELECT t.* FROM "wo_task_assignment" a, "inspector_tasks_of"(a) t
      WHERE a."id" = ANY (changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "equipment_task_search" AFTER UPDATE ON "equipment"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "equipment_task_search"();
--> statement-breakpoint
-- Every task's search text again, with its equipment's number.
UPDATE "inspector_task" t SET "search_text" = k."search_text"
  FROM "wo_task_assignment" a, "inspector_tasks_of"(a) k
  WHERE k."assignment_id" = t."assignment_id" AND k."user_id" = t."user_id" AND a."id" = t."assignment_id"
    AND t."search_text" IS DISTINCT FROM k."search_text";
