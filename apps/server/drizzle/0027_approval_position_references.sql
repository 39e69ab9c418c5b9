-- A user's approval position becomes a key of the positions (a foreign key to their name), as the
-- approval paths' and reviewer assignments' already are. Before the key is added, every position
-- users hold is made one of the list, so no user loses theirs: an empty one is none; one written in
-- another case than a listed position is that position (the approval flow compared them regardless
-- of case); any other is added to the list.
UPDATE "user_account" SET "approval_position" = NULL WHERE btrim("approval_position") = '';
--> statement-breakpoint
INSERT INTO "approval_position" ("name", "description")
SELECT DISTINCT ON (lower(u."approval_position")) u."approval_position",
  'Held by users before positions were chosen from this list'
FROM "user_account" u
WHERE u."approval_position" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "approval_position" p WHERE lower(p."name") = lower(u."approval_position"))
ORDER BY lower(u."approval_position"), u."approval_position"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "user_account" u SET "approval_position" = (
  SELECT min(p."name") FROM "approval_position" p WHERE lower(p."name") = lower(u."approval_position"))
WHERE u."approval_position" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "approval_position" p WHERE p."name" = u."approval_position");
--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_approval_position_approval_position_name_fk" FOREIGN KEY ("approval_position") REFERENCES "public"."approval_position"("name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "user_account_approval_position_idx" ON "user_account" USING btree ("approval_position");--> statement-breakpoint
CREATE INDEX "wo_task_assignment_by_position_idx" ON "wo_task_assignment" USING gin ("position_levels" jsonb_path_ops);
--> statement-breakpoint
-- A renamed position follows, as through its foreign keys, into the JSON that names it: the positions
-- of task assignments (one per level; the index above finds them) and the approval path copied onto
-- a report at its submission, which decides who may act while the report is in approval (submitted
-- or in review, the statuses of the approval in progress; the report list's status index finds
-- them). Elsewhere the copy decides nothing (the next submission copies the path anew) and the
-- approval history keeps the name an approver held, so neither is rewritten.
CREATE FUNCTION "approval_position_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "wo_task_assignment" a SET "position_levels" = (
      SELECT jsonb_agg(CASE WHEN e.p = OLD."name" THEN to_jsonb(NEW."name") ELSE to_jsonb(e.p) END ORDER BY e.i)
      FROM jsonb_array_elements_text(a."position_levels") WITH ORDINALITY AS e(p, i))
    WHERE a."position_levels" @> jsonb_build_array(OLD."name");
  UPDATE "report_header" r SET "approval_path" = (
      SELECT jsonb_agg(CASE WHEN s.step ->> 'position' = OLD."name"
          THEN jsonb_set(s.step, '{position}', to_jsonb(NEW."name")) ELSE s.step END ORDER BY s.i)
      FROM jsonb_array_elements(r."approval_path") WITH ORDINALITY AS s(step, i))
    WHERE r."status" IN ('submitted', 'inReview')
      AND r."approval_path" @> jsonb_build_array(jsonb_build_object('position', OLD."name"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "approval_position_renamed" AFTER UPDATE OF "name" ON "approval_position"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "approval_position_renamed"();
