CREATE TABLE "inspector_task" (
	"assignment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"planned_finish" date,
	"wo_number" text,
	"inspection_method" text NOT NULL,
	"state" text NOT NULL,
	"planned_from" date,
	"planned_to" date,
	"equipment_category" text,
	"search_text" text NOT NULL,
	"long_title" boolean NOT NULL,
	CONSTRAINT "inspector_task_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "inspector_task_list_idx" ON "inspector_task" USING btree ("user_id","planned_finish","wo_number","inspection_method","assignment_id","state","planned_from","planned_to","equipment_category","search_text","long_title");--> statement-breakpoint
-- The rows of `inspector_task` of an assignment: one per user it names (a user named twice gets one
-- row; a null name, or a `user_pdmids` that is not a list, gives none: no assignment is ever refused
-- for its copy). `search_text` is what the search matches, lowercased, one per line: the WO number,
-- the tag, and the title when its 800 bytes at most fit the index (`long_title` says it did not).
CREATE FUNCTION "inspector_tasks_of"(a "wo_task_assignment") RETURNS SETOF "inspector_task" LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ON (u."user_id") a."id", u."user_id", a."planned_finish", a."wo_number",
      a."inspection_method", a."state",
      coalesce(a."planned_start", a."planned_finish"), coalesce(a."planned_finish", a."planned_start"),
      a."equipment_category",
      lower(concat_ws(E'\n', a."wo_number", a."tag_number",
        CASE WHEN octet_length(a."wo_title") <= 800 THEN a."wo_title" END)),
      coalesce(octet_length(a."wo_title") > 800, false)
    FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(a."user_pdmids") = 'array'
      THEN a."user_pdmids" ELSE '[]'::jsonb END) AS u("user_id")
    WHERE u."user_id" IS NOT NULL;
$$;
--> statement-breakpoint
-- Assignments inserted, changed or deleted in one statement: their rows are made again from what
-- `inspector_tasks_of` reads. A change to anything else (the levels, the approval) leaves them.
CREATE FUNCTION "wo_task_assignment_inspectors"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "inspector_task" SELECT t.* FROM "new_rows" n, "inspector_tasks_of"(n) t;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM "inspector_task" t USING "old_rows" o WHERE t."assignment_id" = o."id";
  ELSE
    changed := ARRAY(SELECT "id" FROM "old_rows" o FULL JOIN "new_rows" n USING ("id")
      WHERE (n."user_pdmids", n."wo_number", n."wo_title", n."tag_number", n."inspection_method", n."state",
          n."planned_start", n."planned_finish", n."equipment_category")
        IS DISTINCT FROM (o."user_pdmids", o."wo_number", o."wo_title", o."tag_number", o."inspection_method",
          o."state", o."planned_start", o."planned_finish", o."equipment_category"));
    DELETE FROM "inspector_task" WHERE "assignment_id" = ANY (changed);
    INSERT INTO "inspector_task" SELECT t.* FROM "new_rows" n, "inspector_tasks_of"(n) t
      WHERE n."id" = ANY (changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_inspectors_insert" AFTER INSERT ON "wo_task_assignment"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "wo_task_assignment_inspectors"();
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_inspectors_update" AFTER UPDATE ON "wo_task_assignment"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "wo_task_assignment_inspectors"();
--> statement-breakpoint
CREATE TRIGGER "wo_task_assignment_inspectors_delete" AFTER DELETE ON "wo_task_assignment"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "wo_task_assignment_inspectors"();
--> statement-breakpoint
INSERT INTO "inspector_task" SELECT t.* FROM "wo_task_assignment" a, "inspector_tasks_of"(a) t;
