-- The VCI and walkthrough techniques are "Visual crack inspection" and "Walkthrough inspection" in the
-- contract (their labels, on every screen of them); the seeded inspection methods said "Visual crack
-- inspection (VCI)" and "Walkthrough". As thermal's did (0018), each method takes its technique's
-- label, unless an administrator has renamed it since.
UPDATE "inspection_method" SET "name" = 'Visual crack inspection', "version" = "version" + 1, "updated_at" = now()
WHERE "code" = 'vci' AND "name" = 'Visual crack inspection (VCI)';
--> statement-breakpoint
UPDATE "inspection_method" SET "name" = 'Walkthrough inspection', "version" = "version" + 1, "updated_at" = now()
WHERE "code" = 'walkthrough' AND "name" = 'Walkthrough';
