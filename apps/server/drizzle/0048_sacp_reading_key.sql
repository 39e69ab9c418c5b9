-- SACP readings are keyed within their survey by test point and date (a bulk upsert writes by that key).
-- A database that already holds the same test point twice on one date in one survey cannot take the
-- key: the migration stops with a sentence saying which surveys, rather than a bare index error, so
-- the operator can decide which reading stays (docs/architecture-engine.md, "Keyed bulk writes").
DO $$
DECLARE
  clashes text;
BEGIN
  SELECT string_agg(DISTINCT "sacp_inspection_id"::text, ', ') INTO clashes FROM (
    SELECT "sacp_inspection_id" FROM "sacp_measurement"
    GROUP BY "variant", "sacp_inspection_id", "test_point", "measurement_date" HAVING count(*) > 1
  ) d;
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'SACP surveys % hold the same test point twice on one date: keep one reading of each before upgrading', clashes;
  END IF;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "sacp_measurement_natural_key" ON "sacp_measurement" USING btree ("variant","sacp_inspection_id","test_point","measurement_date");
